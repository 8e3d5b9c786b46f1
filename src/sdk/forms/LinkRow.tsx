// A row of links (booking-and-reference §2 'a link row'): a label and links beside it, such as the lead's web
// page or a script to open. A link with an address opens in a new tab; one with onClick is an action.
import { Button } from "@blueprintjs/core";

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
        {links.map((link, i) => (
          <li key={`${i}-${link.text}`}>
            {link.href ? (
              <a href={link.href} target="_blank" rel="noopener noreferrer" onClick={link.onClick}>
                {link.text}
              </a>
            ) : (
              <Button
                variant="minimal"
                intent="primary"
                size="small"
                text={link.text}
                onClick={link.onClick}
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
