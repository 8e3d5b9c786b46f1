// The booking's visual widgets (booking-and-reference §2): what the wizard's steps show besides plain fields.
// AddressMap loads Leaflet and the basemap itself, lazily; importing it costs only its own few lines.
export { AddressMap, type AddressMapProps } from "./AddressMap";
export { WeatherForecast, type WeatherForecastProps } from "./WeatherForecast";
export { CreNotesDialog } from "./CreNotesDialog";
export { IoaBanner, type IoaResult } from "./IoaBanner";
export { MapConfig } from "./config";
export { BOOKING_NS } from "./texts";
