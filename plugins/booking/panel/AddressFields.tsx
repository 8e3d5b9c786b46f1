// An address block (booking-and-reference §2, §3 Address): street, apartment, buzzer, city, the postal code with
// its Validate button, the state or province, the location type and the time zone with the client's local time.
// Step 1 holds the lead's (`address`), Meeting Setup the meeting's own when it is not at the lead's
// (`meeting.address`). A postal code the gateway does not know still lets the agent go on, with the words for
// their role (not_found_advisor / not_found_qualifier): they pick the region themselves.
import { Callout } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { LOCATION_TYPES, optionsIn, regionsOf } from "../../../src/contract/lookups";
import { postalComplete, PostalCodeField, SelectField, TextField, TimeZoneField, type PostalState } from "../../../src/sdk/forms";
import type { Country } from "../values";
import { useBooking } from "./useBooking";

/** The Validate button's state (§4): incomplete while the postal code is not whole, then not validated, valid. */
export function postalStateOf(a: { postal: string; valid: boolean }, country: Country): PostalState {
  if (!postalComplete(country, a.postal)) return "incomplete";
  return a.valid ? "valid" : "unvalidated";
}

export interface AddressFieldsProps {
  /** Where the block's values are in the form ("address", "meeting.address"). */
  prefix: string;
  which: "lead" | "meeting";
  address: { postal: string; valid: boolean; invalidPostal?: boolean };
  /** The lead's address keeps its region as `state` (US) or `province` (CA); the meeting's as `province`. */
  regionField: "state" | "province";
}

export const AddressFields = observer(function AddressFields({ prefix, which, address, regionField }: AddressFieldsProps) {
  const { store, api, ctx, t, lang, role } = useBooking();
  const country = api.country();
  const geocode = store.geocode[which];
  const name = (field: string) => `${prefix}.${field}`;
  return (
    <div className="booking__address">
      <TextField name={name("address")} label={t("fields.street")} rule="line" maxLength={191} required />
      <div className="booking__pair">
        <TextField name={name("apartment")} label={t("fields.apartment")} rule="line" maxLength={40} />
        <TextField name={name("buzzer")} label={t("fields.buzzer")} rule="line" maxLength={40} />
      </div>
      <div className="booking__pair">
        <TextField name={name("city")} label={t("fields.city")} rule="line" maxLength={100} required />
        <SelectField
          name={name(regionField)}
          label={t(country === "CA" ? "fields.province" : "fields.state")}
          options={optionsIn(regionsOf(country), lang)}
          required
        />
      </div>
      <PostalCodeField
        name={name("postal")}
        label={t(country === "CA" ? "fields.postal" : "fields.zip")}
        country={country}
        state={postalStateOf(address, country)}
        validating={geocode === "checking"}
        onValidate={() => void api.validatePostal(which)}
        required
      />
      {address.invalidPostal && (
        <Callout intent="warning" compact role="status" className="booking__note">
          {t(`postal.not_found_${role}`)}
        </Callout>
      )}
      {geocode === "failed" && (
        <Callout intent="danger" compact role="alert" className="booking__note">
          {t("postal.failed")}
        </Callout>
      )}
      <div className="booking__pair">
        <SelectField name={name("type")} label={t("fields.location_type")} options={optionsIn(LOCATION_TYPES, lang)} />
        <TimeZoneField name={name("timezone")} label={t("fields.timezone")} country={country} clock={ctx.clock} />
      </div>
    </div>
  );
});
