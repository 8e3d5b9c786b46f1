// Small embedded word lists for the demo lead book (names, streets, jobs, carriers).

export type Lang = "en" | "fr" | "es";

export const FIRST_NAMES: Record<Lang, { male: readonly string[]; female: readonly string[] }> = {
  en: {
    male: ["James", "Robert", "John", "Michael", "David", "William", "Richard", "Joseph", "Thomas", "Charles",
      "Christopher", "Daniel", "Matthew", "Anthony", "Mark", "Donald", "Steven", "Paul", "Andrew", "Kenneth",
      "Gary", "Brian", "Ronald", "Kevin", "Jason", "Ryan", "Eric", "Scott", "Gregory", "Dennis", "Wayne", "Terry"],
    female: ["Mary", "Patricia", "Jennifer", "Linda", "Elizabeth", "Barbara", "Susan", "Jessica", "Sarah", "Karen",
      "Nancy", "Lisa", "Betty", "Margaret", "Sandra", "Ashley", "Kimberly", "Emily", "Donna", "Michelle",
      "Carol", "Amanda", "Melissa", "Deborah", "Stephanie", "Rebecca", "Sharon", "Laura", "Cynthia", "Brenda",
      "Pamela", "Joyce"],
  },
  fr: {
    male: ["Jean", "Pierre", "Michel", "André", "Luc", "Marc", "Stéphane", "Sylvain", "Mathieu", "François",
      "Daniel", "Alain", "Réjean", "Gilles", "Normand", "Yves", "Denis", "Martin", "Éric", "Jacques",
      "Guy", "Benoît", "Sébastien", "Maxime"],
    female: ["Marie", "Nathalie", "Isabelle", "Sylvie", "Chantal", "Julie", "Manon", "Josée", "Lise", "Diane",
      "Céline", "Louise", "Johanne", "Francine", "Geneviève", "Mélanie", "Caroline", "Hélène", "Nicole",
      "Martine", "Ginette", "Annie", "Valérie", "Sophie"],
  },
  es: {
    male: ["José", "Luis", "Carlos", "Juan", "Miguel", "Jorge", "Alejandro", "Ricardo", "Fernando", "Roberto",
      "Javier", "Manuel", "Francisco", "Antonio", "Raúl", "Eduardo", "Héctor", "Pedro"],
    female: ["María", "Guadalupe", "Rosa", "Ana", "Carmen", "Sofía", "Isabel", "Lucía", "Elena", "Patricia",
      "Verónica", "Gabriela", "Adriana", "Teresa", "Marisol", "Yolanda", "Leticia", "Claudia"],
  },
};

export const LAST_NAMES: Record<Lang, readonly string[]> = {
  en: ["Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Anderson", "Taylor",
    "Thomas", "Moore", "Jackson", "Martin", "Lee", "Thompson", "White", "Harris", "Clark", "Lewis",
    "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Hill", "Green", "Adams",
    "Baker", "Nelson", "Carter", "Mitchell", "Roberts", "Turner", "Phillips", "Campbell", "Parker", "Evans",
    "Edwards", "Collins", "Stewart", "Morris", "Murphy", "Cook", "Rogers", "Morgan", "Cooper", "Peterson",
    "Reed", "Bailey", "Bell", "Kelly", "Howard", "Ward", "Cox", "Richardson", "Wood", "Watson",
    "MacDonald", "Fraser", "O'Brien", "McLean", "Sullivan", "Hughes"],
  fr: ["Tremblay", "Gagnon", "Roy", "Côté", "Bouchard", "Gauthier", "Morin", "Lavoie", "Fortin", "Gagné",
    "Ouellet", "Pelletier", "Bélanger", "Lévesque", "Bergeron", "Leblanc", "Paquette", "Girard", "Simard",
    "Boucher", "Caron", "Beaulieu", "Cloutier", "Dubé", "Poirier", "Fournier", "Lapointe", "Leclerc",
    "Lefebvre", "Poulin", "Thibault", "St-Pierre", "Nadeau", "Landry", "Cormier", "Richard", "Arsenault",
    "Thériault", "Doiron", "Savoie"],
  es: ["García", "Rodríguez", "Martínez", "Hernández", "López", "González", "Pérez", "Sánchez", "Ramírez",
    "Torres", "Flores", "Rivera", "Gómez", "Díaz", "Reyes", "Morales", "Cruz", "Ortiz", "Gutiérrez",
    "Chávez", "Ramos", "Vargas", "Castillo", "Jiménez", "Moreno", "Mendoza", "Álvarez", "Romero"],
};

export const STREETS_EN = ["Maple", "Oak", "Pine", "Cedar", "Elm", "Washington", "Lincoln", "Park", "Lake", "Hill",
  "Main", "Church", "Highland", "Sunset", "Ridge", "Meadow", "Willow", "Jefferson", "Franklin", "Madison",
  "Spring", "River", "Forest", "Walnut", "Cherry", "Chestnut", "Second", "Third", "Mill", "Center",
  "Victoria", "King", "Queen", "Birch", "Hickory", "Magnolia", "Dogwood", "Lakeview", "Prospect", "Grove"];
export const STREET_SUFFIXES_US = ["Street", "Avenue", "Road", "Drive", "Lane", "Court", "Boulevard", "Way", "Place"];
export const STREET_SUFFIXES_CA = ["Street", "Avenue", "Road", "Drive", "Crescent", "Court", "Boulevard", "Way"];
export const STREETS_FR = ["rue Saint-Denis", "rue Sherbrooke", "boulevard René-Lévesque", "rue Principale",
  "avenue du Parc", "rue des Érables", "chemin du Lac", "rue Notre-Dame", "rue Saint-Jean", "boulevard Laurier",
  "rue de l'Église", "rue Champlain", "rue Saint-Laurent", "avenue des Pins", "rue du Moulin",
  "boulevard des Forges", "rue Racine", "montée Saint-François", "rang Saint-Joseph", "rue Dollard"];

export const OCCUPATIONS: Record<Lang, readonly string[]> = {
  en: ["Registered nurse", "Teacher", "Accountant", "Truck driver", "Electrician", "Retail manager", "Mechanic",
    "Office administrator", "Sales representative", "Carpenter", "Cashier", "Software developer", "Plumber",
    "Warehouse supervisor", "Home care aide", "Police officer", "Chef", "Hairdresser", "Bus driver"],
  fr: ["Infirmière", "Enseignant", "Comptable", "Camionneur", "Électricien", "Gérant de magasin", "Mécanicien",
    "Adjointe administrative", "Représentant des ventes", "Charpentier", "Caissière", "Programmeur", "Plombier",
    "Préposé aux bénéficiaires", "Policier", "Cuisinier", "Coiffeuse", "Chauffeur d'autobus"],
  es: ["Enfermera", "Maestro", "Contador", "Camionero", "Electricista", "Gerente de tienda", "Mecánico",
    "Asistente administrativa", "Vendedor", "Carpintero", "Cajera", "Cocinero", "Jardinero", "Cuidadora",
    "Chofer de autobús"]
};
export const RETIRED: Record<Lang, string> = { en: "Retired", fr: "Retraité", es: "Jubilado" };

export const CARRIERS_US = ["Mutual of Omaha", "Transamerica", "Globe Life", "AIG", "Aflac", "State Farm",
  "New York Life", "Gerber Life", "Does not know"];
export const CARRIERS_CA = ["Sun Life", "Manulife", "Canada Life", "Desjardins", "iA Financial Group",
  "RBC Insurance", "Empire Life", "Does not know"];

export const NOTES: Record<string, readonly string[]> = {
  "In Process": ["Interested in final expense coverage, wants a quote", "Comparing with current employer plan",
    "Asked for information by email first", "Wants coverage for the mortgage"],
  "Callback Scheduled": ["Call back after 6 pm", "Spouse handles finances: call back when both are home",
    "Currently driving, asked to call back", "At work, call back on the weekend"],
  "Not Interested": ["Already covered through work", "Too expensive for now", "Hung up during the introduction"],
  Voicemail: ["Left voicemail", "Voicemail full", "Left a message with a family member"],
  "Do Not Call": ["Requested no further calls"],
};

/**
 * What the CRM's representatives wrote about a lead before it reached the dialer (CRE notes), per language.
 * A seeded lead gets one or two of these as 'date | timestamp - text' entries (leadbook.ts creNotesOf).
 */
export const CRE_NOTES: Record<Lang, readonly string[]> = {
  en: ["Filled in the web form for a final expense quote", "Prefers to be called in the afternoon",
    "Asked whether the spouse can be covered too", "Has a policy through work, wants to compare",
    "Wants an advisor who can visit after 5 pm"],
  fr: ["A rempli le formulaire web pour une soumission frais funéraires", "Préfère être appelé l'après-midi",
    "Demande si le conjoint peut aussi être assuré", "A une assurance collective, veut comparer",
    "Souhaite un conseiller qui peut venir après 17 h"],
  es: ["Llenó el formulario web para una cotización de gastos finales", "Prefiere que lo llamen por la tarde",
    "Preguntó si su cónyuge también puede estar cubierto", "Tiene una póliza del trabajo, quiere comparar",
    "Quiere un asesor que pueda visitarlo después de las 5 pm"],
};
