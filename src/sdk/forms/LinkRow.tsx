// A row of links (booking-and-reference §2 'a link row'): a label and links beside it, such as the lead's web
// page or a script to open. A link with an address opens in a new tab; one with onClick is an action. An address
// that is not http(s) nor a path on this origin (safeHref, src/contract/links.ts) is no link: its text only.
import { Button } from "@blueprintjs/core";
import { safeHref } from "../../contract/links";

export interface RowLink {
  /** Already translated. */
  text: string;
  href?: string;
  onClick?: () => void;
}

export function LinkRow({ label, links }: { label?: string; links: readonly RowLink[] }) {
  return (
    <div className="sdk-link-row">
      {label && <span className="sdk-link-row__label">{label}</span>}
      <ul aria-label={label}>
        {links.map((link, i) => {
          const href = safeHref(link.href);
          return (
            <li key={`${i}-${link.text}`}>
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer" onClick={link.onClick}>
                  {link.text}
                </a>
              ) : link.onClick ? (
                <Button
                  variant="minimal"
                  intent="primary"
                  size="small"
                  text={link.text}
                  onClick={link.onClick}
                />
              ) : (
                <span>{link.text}</span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
