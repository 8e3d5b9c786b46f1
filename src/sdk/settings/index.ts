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
