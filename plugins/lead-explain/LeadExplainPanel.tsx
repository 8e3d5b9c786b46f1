// 'Why this lead?': an agent sees its current lead explained; a manager asks about any lead and agent.
import { observer } from "mobx-react-lite";
import { usePlugin } from "../../src/sdk";
import type { LeadExplainApi } from "./api";
import { CurrentLead } from "./CurrentLead";
import { ManagerForm } from "./ManagerForm";
import type { LeadExplainStore } from "./model";
import { Outcome } from "./Outcome";
import "./lead-explain.css";

const LeadExplainPanel = observer(function LeadExplainPanel() {
  const { store, api } = usePlugin<LeadExplainStore, LeadExplainApi>();
  const manager = api.mode === "manager";
  return (
    <div className="lead-explain">
      {manager ? <ManagerForm store={store} api={api} /> : <CurrentLead store={store} api={api} />}
      <Outcome store={store} showTarget={manager} />
    </div>
  );
});
export default LeadExplainPanel;
