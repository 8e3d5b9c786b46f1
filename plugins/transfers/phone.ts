/** A North American number as agents read it (###.###.####); anything else as given. */
export function readablePhone(phone: string): string {
  const digits = phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  return digits.length === 10 ? `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}` : phone;
}
