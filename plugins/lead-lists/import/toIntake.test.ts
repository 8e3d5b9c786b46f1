// @vitest-environment node
import { describe, expect, it } from "vitest";
import { LeadIntake } from "../../../src/contract/leadIntake";
import { guessMapping, toIntake } from "./mapping";

describe("toIntake", () => {
  const mapping = { marketing_id: 0, first_name: 1, last_name: 2, phone: 3, phone_other: [4, 5], email: 6 };

  it("gives the intake what it takes: trimmed values, empty ones left out", () => {
    const row = ["ISFX000123", " Éric ", "Gagné", "514 555 0142", "", "", "", "extra"];
    expect(toIntake(row, { ...mapping, notes: 9 })).toEqual({
      marketing_id: "ISFX000123",
      first_name: "Éric",
      last_name: "Gagné",
      phone: "514 555 0142",
    });
  });

  it("collects other numbers from several columns and from one column listing several", () => {
    const row = [
      "ISFX1",
      "Éric",
      "Gagné",
      "5145550142",
      "438 555 0199; 450-555-0100 / 1 514 555 0142",
      "4385550199",
    ];
    expect(toIntake(row, mapping).phone_other).toEqual(["438 555 0199", "450-555-0100"]);
  });

  it("writes dates of birth as YYYY-MM-DD, month first unless the first number cannot be a month", () => {
    const dob = (text: string) => toIntake([text], { date_of_birth: 0 }).date_of_birth;
    expect(dob("1980-03-04")).toBe("1980-03-04");
    expect(dob("03/04/1980")).toBe("1980-03-04"); // March 4: North America's order
    expect(dob("3/14/1980")).toBe("1980-03-14");
    expect(dob("14/03/1980")).toBe("1980-03-14"); // 14 cannot be a month: day first
    expect(dob("1980/3/4 00:00:00")).toBe("1980-03-04");
    expect(dob("02/30/1980")).toBe("02/30/1980"); // no such day: the intake refuses it as written
    expect(dob("4 March 1980")).toBe("4 March 1980");
  });

  it("turns language codes and names into en, fr or es", () => {
    const language = (text: string) => toIntake([text], { language: 0 }).language;
    const names = [
      "en",
      "EN-us",
      "English",
      "Anglais",
      "Inglés",
      "fr",
      "fr_CA",
      "French",
      "Français",
      "Francés",
    ];
    expect(names.map(language)).toEqual(["en", "en", "en", "en", "en", "fr", "fr", "fr", "fr", "fr"]);
    expect(["es", "Spanish", "Espagnol", "Español", "ESPANOL"].map(language)).toEqual([
      "es",
      "es",
      "es",
      "es",
      "es",
    ]);
    expect(language("Deutsch")).toBe("Deutsch");
  });

  it("gives a row the lead intake accepts", () => {
    const columns = ["Lead ID", "Prénom", "Nom", "Téléphone", "Autre téléphone", "Courriel", "DDN", "Langue"];
    const row = [
      "isfx000123",
      "Éric",
      "Gagné",
      "(514) 555-0142",
      "438.555.0199",
      "Eric@Example.com",
      "25/12/1961",
      "Français",
    ];
    const lead = LeadIntake.parse(toIntake(row, guessMapping(columns)));
    expect(lead).toMatchObject({
      marketing_id: "ISFX000123",
      phone: "5145550142",
      phone_other: ["4385550199"],
      email: "eric@example.com",
      date_of_birth: "1961-12-25",
      language: "fr",
    });
  });
});
