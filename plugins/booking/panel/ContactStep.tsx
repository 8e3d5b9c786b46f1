// Step 1, Contact Details: the lead (phone, alternative phones, email, language, reasons, CRE notes), its
// address with the map and the city's weather, and the clients (1 on ISIUS, up to 2 on SLICA).
import { Button, Checkbox } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useForm } from "react-final-form";
import {
  COUNTRIES,
  GENDERS,
  LEAD_REASON_OPTIONS,
  OTHER_LEAD_REASON,
  optionsIn,
  titlesFor,
} from "../../../src/contract/lookups";
import {
  AltPhonesField,
  DobField,
  EmailField,
  FullNameField,
  LanguageRadiosField,
  MultiSelectOtherField,
  PhoneField,
  RadioGroupField,
  SelectField,
} from "../../../src/sdk/forms";
import { contactDetailsStep, checkStep } from "../contract/steps";
import { StepForm } from "../StepForm";
import { contactInput, emptyContactClient, type ContactValues } from "../values";
import { AddressMap, CreNotesDialog, WeatherForecast } from "../widgets";
import { AddressFields } from "./AddressFields";
import { stepServerErrors } from "./serverErrors";
import { useBooking } from "./useBooking";

/** The feature flag of the alternative phones (agent-workspace §1: booking phone-other). */
export const PHONE_OTHER_FEATURE = "booking-phone-other";

const Place = observer(function Place({ values }: { values: ContactValues }) {
  const { store, api, ctx, t } = useBooking();
  const [showMap, setShowMap] = useState(false);
  const a = values.address;
  const weather = store.weather;
  return (
    <div className="booking__place">
      <Checkbox
        checked={showMap}
        label={t("contact.show_map")}
        onChange={(e) => setShowMap(e.currentTarget.checked)}
        className="booking__map-toggle"
      />
      {showMap && (
        <AddressMap
          lat={a.latitude}
          lon={a.longitude}
          onMove={(lat, lon) => void api.moveMarker(lat, lon)}
          tileUrl={ctx.config.mapTileUrl}
          tileAttribution={ctx.config.mapTileAttribution}
        />
      )}
      {weather && (
        <WeatherForecast
          days={weather.days}
          city={weather.city}
          loading={weather.state === "loading"}
          failed={weather.state === "failed"}
          source={weather.source ?? undefined}
        />
      )}
    </div>
  );
});

const Client = observer(function Client({ index, values }: { index: number; values: ContactValues }) {
  const { ctx, t, lang } = useBooking();
  const form = useForm<ContactValues>();
  const client = values.clients[index]!;
  const name = (field: string) => `clients.${index}.${field}`;
  const titles = titlesFor(client.gender).map((o) => ({ value: o.value, label: o.label[lang] }));
  return (
    <fieldset className="booking__client">
      <legend>{t("contact.client", { number: index + 1 })}</legend>
      <div className="booking__pair">
        <RadioGroupField name={name("gender")} label={t("fields.gender")} options={optionsIn(GENDERS, lang)} />
        <SelectField name={name("title")} label={t("fields.title")} options={titles} />
      </div>
      <FullNameField
        names={{ first: name("firstName"), last: name("lastName") }}
        label={t("fields.full_name")}
        labels={{ first: t("fields.first_name"), last: t("fields.last_name") }}
        required
      />
      <div className="booking__pair">
        <DobField name={name("dob")} label={t("fields.dob")} now={ctx.clock.now()} />
        <SelectField name={name("countryOfBirth")} label={t("fields.country_of_birth")} options={optionsIn(COUNTRIES, lang)} />
      </div>
      {index > 0 && (
        <Button
          variant="minimal"
          intent="danger"
          icon="remove"
          text={t("contact.remove_client", { number: index + 1 })}
          onClick={() => form.change("clients", values.clients.filter((_, i) => i !== index))}
        />
      )}
    </fieldset>
  );
});

export const ContactStep = observer(function ContactStep() {
  const { store, api, ctx, t, lang } = useBooking();
  const languages = ctx.variant.languages;
  return (
    <StepForm<ContactValues>
      step={0}
      stepKey="contact"
      values={store.contact!}
      check={(v) => checkStep(contactDetailsStep(api.stepOptions()), contactInput(v))}
      serverErrors={stepServerErrors(store.serverErrors, "contact")}
      toEdit={(v) => v}
    >
      {(values, form) => (
        <>
          <section className="booking__section" aria-labelledby="booking-contact-lead">
            <div className="booking__section-head">
              <h3 id="booking-contact-lead">{t("contact.lead")}</h3>
              <CreNotesDialog notes={store.lead?.creNotes} />
            </div>
            <div className="booking__pair">
              <PhoneField name="lead.phone" label={t("fields.phone")} required />
              <EmailField name="lead.email" label={t("fields.email")} />
            </div>
            {ctx.isOn(PHONE_OTHER_FEATURE) && <AltPhonesField name="lead.phoneOther" label={t("fields.phone_other")} />}
            <LanguageRadiosField name="lead.language" label={t("fields.language")} languages={languages} />
            <MultiSelectOtherField
              name="lead.reasons"
              label={t("fields.reasons")}
              options={optionsIn(LEAD_REASON_OPTIONS, lang)}
              otherValue={OTHER_LEAD_REASON}
              otherName="lead.reasonOther"
              otherLabel={t("fields.reason_other")}
              required
            />
          </section>
          <section className="booking__section" aria-labelledby="booking-contact-address">
            <h3 id="booking-contact-address">{t("contact.address")}</h3>
            <AddressFields
              prefix="address"
              which="lead"
              address={values.address}
              regionField={api.country() === "CA" ? "province" : "state"}
            />
            <Place values={values} />
          </section>
          <section className="booking__section" aria-labelledby="booking-contact-clients">
            <h3 id="booking-contact-clients">{t("contact.clients")}</h3>
            {values.clients.map((_, i) => (
              <Client key={i} index={i} values={values} />
            ))}
            {values.clients.length < api.clientsPerLead && (
              <Button
                icon="plus"
                variant="minimal"
                intent="primary"
                text={t("contact.add_client")}
                onClick={() => form.change("clients", [...values.clients, emptyContactClient()])}
              />
            )}
          </section>
        </>
      )}
    </StepForm>
  );
});
