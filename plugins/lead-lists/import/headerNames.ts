// The column names lead sellers, CRMs and managers' own spreadsheets use for each lead field, in English, French
// and Spanish, as `compactName` writes them (lower case, no accents, no spaces or punctuation).
import type { LeadIntakeInput } from "../../../src/contract/leadIntake";

export type LeadField = keyof LeadIntakeInput;

/** Names in `compactName` form, space separated. */
const HEADER_NAME_LISTS: Record<LeadField, string> = {
  marketing_id:
    "marketingid leadid leadnumber leadno id idmarketing identifiantmarketing iddulead numerodulead iddelead numerodelead idprospecto",
  first_name: "firstname first fname givenname forename prenom nombre nombres primernombre",
  last_name: "lastname last lname surname familyname nom nomdefamille apellido apellidos",
  phone:
    "phone phonenumber phoneno telephone tel telephonenumber primaryphone homephone mainphone cell cellphone cellnumber mobile mobilephone mobilenumber workphone numerodetelephone notelephone cellulaire portable telephonecellulaire telefono numerodetelefono celular movil telefonomovil",
  phone_other:
    "otherphone otherphones altphone alternatephone alternativephone secondaryphone phone2 phone3 telephone2 autretelephone autrestelephones telephonesecondaire telefono2 otrotelefono otrostelefonos telefonoalternativo",
  email:
    "email emailaddress mail courriel adressecourriel adresseemail adressecourrielle correo correoelectronico correoe",
  date_of_birth:
    "dob dateofbirth birthdate birthday datedenaissance naissance ddn fechadenacimiento fechanacimiento fechadenac",
  language: "language lang preferredlanguage langue languepreferee idioma lengua",
  street: "street address streetaddress address1 addressline1 adresse rue adresse1 direccion calle domicilio",
  apartment:
    "apartment apt unit suite aptunit address2 addressline2 appartement app unite adresse2 apartamento depto departamento direccion2",
  city: "city town ville municipalite ciudad localidad municipio",
  postal: "postal postalcode zip zipcode zippostalcode postcode codepostal cp codigopostal",
  state: "state province stateprovince provincestate prov etat provincia estado",
  country: "country countrycode pays pais",
  website: "website site web url siteweb sitioweb source sourceurl landingpage domain sitedorigine fuente",
  keywords: "keywords keyword searchterms adkeywords motscles motcle palabrasclave palabraclave",
  notes:
    "notes note comments comment remarks remarques commentaires commentaire notas nota comentarios observaciones",
};

const FIELD_OF_NAME = new Map<string, LeadField>(
  (Object.keys(HEADER_NAME_LISTS) as LeadField[]).flatMap((field) =>
    HEADER_NAME_LISTS[field].split(" ").map((name) => [name, field] as const),
  ),
);

/** The lead field a column's name says it holds, if any. */
export const fieldOfColumn = (column: string): LeadField | undefined =>
  FIELD_OF_NAME.get(compactName(column));

/** A column name reduced to what tells it apart: "Téléphone cellulaire", "TELEPHONE_CELLULAIRE" alike. */
export function compactName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\(column \d+\)\s*$/, "") // readRows' name for a repeated column
    .replace(/[^a-z0-9]/g, "");
}
