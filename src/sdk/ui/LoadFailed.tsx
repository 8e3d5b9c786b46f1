import { Button, Callout } from "@blueprintjs/core";
import { useSdkTexts } from "./texts";

/**
 * What a page or panel shows when its data could not be read (admin-and-sign-in §8 "Index load failures show the
 * error message as a notice"): the plugin's title for it, the refusal in the user's language, and Try again.
 */
export function LoadFailed({ title, message, onRetry }: { title: string; message?: string | null; onRetry(): void }) {
  const { t } = useSdkTexts();
  return (
    <Callout intent="danger" title={title}>
      {message && <p>{message}</p>}
      <Button text={t("retry")} onClick={onRetry} />
    </Callout>
  );
}
