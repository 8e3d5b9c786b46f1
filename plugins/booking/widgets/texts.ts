// The widgets' texts live under "widgets" in the booking plugin's namespace (locales/ beside this file, merged into
// plugins/booking/locales by the plugin's owner), so a widget reads them with useTranslation(BOOKING_NS).
export const BOOKING_NS = "booking";
