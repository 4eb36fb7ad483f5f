import { WorkspaceQualitySettingsEntity } from './workspace-quality-settings.entity';

export {
  WORKSPACE_QUALITY_SETTINGS_ROW,
  WorkspaceQualitySettingsEntity,
} from './workspace-quality-settings.entity';

/** The workspace-settings context's tables. */
export const WORKSPACE_SETTINGS_ENTITIES = [WorkspaceQualitySettingsEntity] as const;
