import { registerEntities } from '@dq/db';
import { WorkspaceQualitySettingsEntity } from './workspace-quality-settings.entity';

export {
  WORKSPACE_QUALITY_SETTINGS_ROW,
  WorkspaceQualitySettingsEntity,
} from './workspace-quality-settings.entity';

/** The workspace-settings context's tables: registered with the data source when this module loads. */
export const WORKSPACE_SETTINGS_ENTITIES = [WorkspaceQualitySettingsEntity] as const;

registerEntities(...WORKSPACE_SETTINGS_ENTITIES);
