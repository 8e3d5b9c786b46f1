export { ErrorLines, RelationDialog, type RelationDialogProps, type RelationItem } from "./RelationDialog";
export { LastChange, SettingsPage, type SettingsPageProps, type SettingsPageState } from "./SettingsPage";
export {
  lastSettingsChange,
  sameDocument,
  settingsDocumentModel,
  settingsDocumentService,
  type SettingsDocumentOptions,
  type SettingsDocumentService,
  type SettingsDocumentStore,
} from "./document";
export { settingsRefusal, settingsSaved, type SettingsRefusal } from "./outcome";
export {
  AgentPageModel,
  agentPager,
  SEARCH_DEBOUNCE_MS,
  type AgentPageQuery,
  type AgentPager,
  type AgentPageStore,
  type AgentSort,
} from "./agentPages";
