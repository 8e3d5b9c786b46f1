import { useEffect } from "react";
import { useBlocker } from "react-router-dom";

/**
 * A settings page's guard against losing an edit to a mis-click (admin-and-sign-in §4, issue 18): while `dirty`,
 * leaving the page by a link, the drawer or Back asks `question` first, and closing or reloading the tab asks the
 * browser's own question. Only a page under the router (an admin page) may use it.
 */
export function useUnsavedChanges(dirty: boolean, question: string): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(question)) blocker.proceed();
    else blocker.reset();
  }, [blocker, question]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
}
