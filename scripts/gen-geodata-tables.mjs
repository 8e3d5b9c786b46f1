// Hand-curated tables for scripts/gen-geodata.mjs (kept apart so the generator stays readable).

/** French names of the 64 regions (curated instead of installing the 283 MB iso3166-2-db). */
export const FRENCH_NAMES = {
  al: "Alabama", ak: "Alaska", az: "Arizona", ar: "Arkansas", ca: "Californie", co: "Colorado",
  ct: "Connecticut", de: "Delaware", dc: "District de Columbia", fl: "Floride", ga: "Géorgie",
  hi: "Hawaï", id: "Idaho", il: "Illinois", in: "Indiana", ia: "Iowa", ks: "Kansas", ky: "Kentucky",
  la: "Louisiane", me: "Maine", md: "Maryland", ma: "Massachusetts", mi: "Michigan", mn: "Minnesota",
  ms: "Mississippi", mo: "Missouri", mt: "Montana", ne: "Nebraska", nv: "Nevada", nh: "New Hampshire",
  nj: "New Jersey", nm: "Nouveau-Mexique", ny: "New York", nc: "Caroline du Nord", nd: "Dakota du Nord",
  oh: "Ohio", ok: "Oklahoma", or: "Oregon", pa: "Pennsylvanie", ri: "Rhode Island", sc: "Caroline du Sud",
  sd: "Dakota du Sud", tn: "Tennessee", tx: "Texas", ut: "Utah", vt: "Vermont", va: "Virginie",
  wa: "Washington", wv: "Virginie-Occidentale", wi: "Wisconsin", wy: "Wyoming",
  // Canada
  ab: "Alberta", bc: "Colombie-Britannique", mb: "Manitoba", nb: "Nouveau-Brunswick",
  nl: "Terre-Neuve-et-Labrador", ns: "Nouvelle-Écosse", nt: "Territoires du Nord-Ouest", nu: "Nunavut",
  on: "Ontario", pe: "Île-du-Prince-Édouard", qc: "Québec", sk: "Saskatchewan", yt: "Yukon",
};

/** Canada Post's fixed first-letter scheme (X is split between NU and NT by the caller). */
export const FSA_LETTER_PROVINCE = {
  A: "nl", B: "ns", C: "pe", E: "nb", G: "qc", H: "qc", J: "qc", K: "on", L: "on", M: "on", N: "on",
  P: "on", R: "mb", S: "sk", T: "ab", V: "bc", Y: "yt",
};

/** GeoNames admin1 codes of Canada, used to keep a FSA's city label inside its own province. */
export const GEONAMES_ADMIN1_CA = {
  "01": "ab", "02": "bc", "03": "mb", "04": "nb", "05": "nl", "07": "ns", "08": "on", "09": "pe",
  "10": "qc", "11": "sk", "12": "yt", "13": "nt", "14": "nu",
};

/**
 * zipcodes' Canadian labels lost their accents (U+FFFD). Each damaged word, lower-cased, and its
 * repair. The generator fails if a damaged word is missing here.
 */
export const MOJIBAKE_WORDS = {
  "a�ores": "açores", "baie-trinit�": "baie-trinité", "cap-pel�": "cap-pelé",
  "chaudi�re-nord": "chaudière-nord", "chaudi�re-sud": "chaudière-sud", "ch�n�ville": "chénéville",
  "ch�teauguay": "châteauguay", "c�te-des-neiges": "côte-des-neiges", "c�te-nord": "côte-nord",
  "c�te-saint-luc": "côte-saint-luc", "gasp�": "gaspé", "gasp�sie-nord": "gaspésie-nord",
  "gasp�sie-ouest": "gaspésie-ouest", "gasp�sie-sud": "gaspésie-sud", "grand-m�re": "grand-mère",
  "grande-vall�e": "grande-vallée", "h�bert": "hébert", "h�bertville": "hébertville",
  "jonqui�re": "jonquière", "l'�le": "l'île", "l'�le-bizard": "l'île-bizard",
  "l'�le-des-soeurs": "l'île-des-soeurs", "l'�le-dorval": "l'île-dorval", "l'�piphanie": "l'épiphanie",
  "lam�que": "lamèque", "lanaudi�re-nord": "lanaudière-nord", "lanaudi�re-sud": "lanaudière-sud",
  "laterri�re": "laterrière", "l�vis": "lévis", "mont�r�gie-": "montérégie-",
  "mont�r�gie-est": "montérégie-est", "mont�r�gie-nord": "montérégie-nord",
  "m�tabetchouan-": "métabetchouan-", "notre-dame-de-gr�ce": "notre-dame-de-grâce",
  "pocati�re": "pocatière", "pr�vost": "prévost", "qu�bec-est": "québec-est", "qu�bec-nord": "québec-nord",
  "qu�bec-ouest": "québec-ouest", "qu�bec-sud": "québec-sud", "rivi�re-des-prairies": "rivière-des-prairies",
  "rivi�re-du-loup": "rivière-du-loup", "r�gion": "région", "saint-fran�ois": "saint-françois",
  "saint-f�licien": "saint-félicien", "saint-j�r�me": "saint-jérôme", "saint-l�onard": "saint-léonard",
  "saint-val�re": "saint-valère", "saint-�mile": "saint-émile", "sainte-ad�le": "sainte-adèle",
  "sainte-doroth�e": "sainte-dorothée", "sainte-genevi�ve": "sainte-geneviève",
  "sainte-h�l�ne": "sainte-hélène", "sainte-th�r�se-": "sainte-thérèse-", "sept-�les": "sept-îles",
  "t�miscamingue-": "témiscamingue-", "trois-rivi�res": "trois-rivières", "val-b�lair": "val-bélair",
  "�le": "île", "�les-de-la-": "îles-de-la-", "�les-laval": "îles-laval", "�mard": "émard",
};

/** Words kept lower case inside a label unless they open it or a parenthesis. */
export const LOWER_PARTICLES = new Set(["de", "du", "des", "la", "le", "les", "and", "of", "et", "sur", "en", "aux", "au"]);
