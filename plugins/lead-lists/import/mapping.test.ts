// @vitest-environment node
import { describe, expect, it } from "vitest";
import { guessMapping, layoutKey, validateMapping } from "./mapping";

describe("guessMapping", () => {
  it("reads a lead seller's English export", () => {
    const columns = [
      "Lead ID",
      "First Name",
      "Last Name",
      "Phone Number",
      "Cell",
      "Email",
      "DOB",
      "ZIP Code",
    ];
    expect(guessMapping([...columns, "State", "Website", "Keywords", "Language", "Comments"])).toEqual({
      marketing_id: 0,
      first_name: 1,
      last_name: 2,
      phone: 3,
      phone_other: [4],
      email: 5,
      date_of_birth: 6,
      postal: 7,
      state: 8,
      website: 9,
      keywords: 10,
      language: 11,
      notes: 12,
    });
  });

  it("reads French column names, whatever their accents, case and punctuation", () => {
    const columns = [
      "ID marketing",
      "PRÉNOM",
      "nom",
      "Téléphone",
      "Courriel",
      "Date de naissance",
      "Code postal",
    ];
    expect(guessMapping([...columns, "Province", "Langue", "Mots-clés", "Ville", "Adresse"])).toEqual({
      marketing_id: 0,
      first_name: 1,
      last_name: 2,
      phone: 3,
      email: 4,
      date_of_birth: 5,
      postal: 6,
      state: 7,
      language: 8,
      keywords: 9,
      city: 10,
      street: 11,
    });
  });

  it("reads Spanish column names", () => {
    const columns = [
      "Nombre",
      "Apellido",
      "Teléfono",
      "Correo",
      "Fecha de nacimiento",
      "Código postal",
      "Estado",
    ];
    expect(guessMapping([...columns, "Idioma", "País", "Sitio web"])).toEqual({
      first_name: 0,
      last_name: 1,
      phone: 2,
      email: 3,
      date_of_birth: 4,
      postal: 5,
      state: 6,
      language: 7,
      country: 8,
      website: 9,
    });
  });

  it("keeps a repeated phone column as another number, and makes an only 'other phone' the main one", () => {
    expect(guessMapping(["Phone", "Phone (column 2)", "first_name"])).toEqual({
      phone: 0,
      phone_other: [1],
      first_name: 2,
    });
    expect(guessMapping(["Alt Phone", "Phone 2"])).toEqual({ phone: 0, phone_other: [1] });
  });

  it("leaves columns it does not know unmapped", () => {
    expect(guessMapping(["Full Name", "Column 2", "Favourite colour"])).toEqual({});
  });
});

describe("layoutKey", () => {
  it("is one key for the same columns written differently, another for another order", () => {
    const key = layoutKey(["First Name", "Téléphone", "E-mail"]);
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(layoutKey(["first_name", "TELEPHONE", "email"])).toBe(key);
    expect(layoutKey(["Téléphone", "First Name", "E-mail"])).not.toBe(key);
    expect(layoutKey(["First Name", "Téléphone", "E-mail", "Notes"])).not.toBe(key);
  });
});

describe("validateMapping", () => {
  const complete = { marketing_id: 0, first_name: 1, last_name: 2, phone: 3 };

  it("accepts a mapping with the four required fields", () => {
    expect(validateMapping({ ...complete, phone_other: [3, 4] }, 5)).toEqual([]);
  });

  it("asks for each required field that has no column", () => {
    expect(validateMapping({ first_name: 0 }, 3)).toEqual([
      "Choose the column that holds the lead's marketing id.",
      "Choose the column that holds the lead's last name.",
      "Choose the column that holds the lead's phone number.",
    ]);
  });

  it("refuses a column the list does not have, and one column for two fields", () => {
    expect(validateMapping({ ...complete, email: 4, notes: 1, phone_other: [-1] }, 4)).toEqual([
      "The column chosen for the other phone numbers is not in the list, which has 4 columns.",
      "The column chosen for the email is not in the list, which has 4 columns.",
      "Column 2 is chosen for both the first name and the notes.",
    ]);
  });

  it("allows at most 5 columns of other numbers, the intake's limit", () => {
    expect(validateMapping({ ...complete, phone_other: [4, 5, 6, 7, 8, 9] }, 10)).toEqual([
      "At most 5 columns can hold other phone numbers.",
    ]);
  });
});
