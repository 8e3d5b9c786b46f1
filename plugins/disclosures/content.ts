// The disclosures an agent reads to the lead, by wording (wording.ts) and the lead's language (ISIUS speaks
// English and Spanish). The specification gives their shape, not their text: these are ours, written as a
// life-insurance call centre reads them (recording notice, the agent's licence, who pays, the product's limits,
// the free look, the notice the state's wording requires), for a compliance officer to review. {company},
// {first_name} and {last_name} are filled in the browser (fillWording). Served by GET /calls/disclosures.
import type { DisclosureLanguage, DisclosureStep } from "./contract";
import type { Wording } from "./wording";

interface Texts {
  recorded: string;
  insured: string;
  insuredYes: string;
  insuredNo: string;
  payer: string;
  yes: string;
  no: string;
  limits: string;
  notice: Record<Wording, string>;
  freeLook: string;
  closing: string;
}

const TEXTS: Record<DisclosureLanguage, Texts> = {
  en: {
    recorded:
      "{first_name} {last_name}, this call is recorded for quality and compliance. I am a licensed insurance agent calling on behalf of {company}.",
    insured: "Will you, {first_name} {last_name}, be the insured person and the one who pays the premiums?",
    insuredYes: "Yes, the insured pays",
    insuredNo: "No, someone else pays",
    payer: "The person who pays the premiums must agree to this application. Does the payer agree to pay the premiums to {company}?",
    yes: "Yes",
    no: "No",
    limits:
      "This is a life insurance policy issued by {company}. It is not a savings plan. If death is not accidental during the first two years, the benefit is limited to the premiums paid plus interest.",
    notice: {
      aa: "{company} will mail you your policy. Please read it: it describes the benefits, limitations and exclusions of your coverage.",
      occ: "{company} will mail you an Outline of Coverage with your policy. Please read it: it summarises the benefits, limitations and exclusions of your coverage.",
      pio: "What I tell you today is policy information only: the policy {company} issues is the contract, and its terms prevail over anything said on this call.",
    },
    freeLook:
      "You may return the policy within 30 days of receiving it for a full refund of the premiums paid. Do you understand and agree to go ahead?",
    closing: "Thank you, {first_name}. Your application to {company} is complete.",
  },
  es: {
    recorded:
      "{first_name} {last_name}, esta llamada se graba por motivos de calidad y cumplimiento. Soy un agente de seguros con licencia y llamo en nombre de {company}.",
    insured: "¿Será usted, {first_name} {last_name}, la persona asegurada y quien paga las primas?",
    insuredYes: "Sí, el asegurado paga",
    insuredNo: "No, otra persona paga",
    payer: "La persona que paga las primas debe aceptar esta solicitud. ¿Acepta el pagador pagar las primas a {company}?",
    yes: "Sí",
    no: "No",
    limits:
      "Esta es una póliza de seguro de vida emitida por {company}. No es un plan de ahorro. Si la muerte no es accidental durante los dos primeros años, el beneficio se limita a las primas pagadas más intereses.",
    notice: {
      aa: "{company} le enviará su póliza por correo. Léala: describe los beneficios, las limitaciones y las exclusiones de su cobertura.",
      occ: "{company} le enviará un Resumen de Cobertura con su póliza. Léalo: resume los beneficios, las limitaciones y las exclusiones de su cobertura.",
      pio: "Lo que le digo hoy es solo información sobre la póliza: la póliza que emite {company} es el contrato, y sus términos prevalecen sobre lo dicho en esta llamada.",
    },
    freeLook:
      "Puede devolver la póliza dentro de los 30 días siguientes a su recepción y se le reembolsarán las primas pagadas. ¿Lo entiende y acepta continuar?",
    closing: "Gracias, {first_name}. Su solicitud a {company} está completa.",
  },
};

/**
 * Said in place of a name the lead's record does not have yet (a lead created from a dialled number): the
 * agent sees where the name goes and asks for it, rather than reading "Will you, , be…".
 */
export const NAME_PLACEHOLDERS: Record<DisclosureLanguage, { first: string; last: string }> = {
  en: { first: "[first name]", last: "[last name]" },
  es: { first: "[nombre]", last: "[apellido]" },
};

/** The names a disclosure in `language` says, with the placeholders for those the record lacks. */
export function namesFor(language: DisclosureLanguage, lead: { firstName: string | null; lastName: string | null }) {
  const p = NAME_PLACEHOLDERS[language];
  return { firstName: lead.firstName?.trim() || p.first, lastName: lead.lastName?.trim() || p.last };
}

/** Steps: 1 recording notice; 2 who pays (a switch: the insured paying skips 3); 3 the payer's consent; 4 limits;
 * 5 the state's notice; 6 free look; 7 closing. */
export function disclosureSteps(wording: Wording, language: DisclosureLanguage): DisclosureStep[] {
  const t = TEXTS[language];
  const yesNo = [
    { text: t.yes, skip: [], readd: [] },
    { text: t.no, skip: [], readd: [] },
  ];
  return [
    { step: 1, text: t.recorded, answers: null },
    {
      step: 2,
      text: t.insured,
      answers: [
        { text: t.insuredYes, skip: [3], readd: [] },
        { text: t.insuredNo, skip: [], readd: [] },
      ],
    },
    { step: 3, text: t.payer, answers: yesNo },
    { step: 4, text: t.limits, answers: null },
    { step: 5, text: t.notice[wording], answers: null },
    { step: 6, text: t.freeLook, answers: yesNo },
    { step: 7, text: t.closing, answers: null },
  ];
}
