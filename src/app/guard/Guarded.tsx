import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import { useServices } from "../services";
import { canEnter, type RouteAccess } from "./canEnter";

/** Renders the route's page when the signed-in agent may open it, else sends them where the guard says. */
export const Guarded = observer(function Guarded({
  access,
  children,
}: {
  access: RouteAccess;
  children: ReactNode;
}) {
  const { root } = useServices();
  const verdict = canEnter(access, root.account.signedIn ? root.account.acl : null);
  return verdict.allow ? children : <Navigate to={verdict.redirectTo} replace />;
});
