/* eslint-disable */
/**
 * The REST API's paths, operations and schemas, generated from docs/openapi.json by
 * openapi-typescript (`npm run api-client:generate`). Do not edit: regenerate.
 */
export interface paths {
  '/healthz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_liveness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/readyz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_readiness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_me'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch: operations['update_me'];
    trace?: never;
  };
  '/api/v1/me/api-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['list_api_keys'];
    put?: never;
    post: operations['create_api_key'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/me/api-keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete: operations['delete_api_key'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/otp/request': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['request_sign_in_code'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/otp/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['verify_sign_in_code'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['sign_out'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/users/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['search_users'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connections/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['test_draft_connection'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connections/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['test_connection'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connections/{id}/reauth': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['reauth_connection'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connections': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['list_connections'];
    put?: never;
    post: operations['create_connection'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/connections/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_connection'];
    put?: never;
    post?: never;
    delete: operations['delete_connection'];
    options?: never;
    head?: never;
    patch: operations['update_connection'];
    trace?: never;
  };
  '/api/v1/connections/{id}/versions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['list_connection_versions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}/columns': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['list_suite_columns'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}/batch-preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['preview_suite_batch'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}/profile': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['profile_suite'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}/column-policy/suggest': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['suggest_column_policy'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}/checks/dryrun': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['dry_run_check'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['list_suites'];
    put?: never;
    post: operations['create_suite'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/import': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['import_suite'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_suite'];
    put?: never;
    post?: never;
    delete: operations['delete_suite'];
    options?: never;
    head?: never;
    patch: operations['update_suite'];
    trace?: never;
  };
  '/api/v1/suites/{id}/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['export_suite'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}/shares': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['list_shares'];
    put?: never;
    post: operations['create_share'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}/shares/{userId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete: operations['delete_share'];
    options?: never;
    head?: never;
    patch: operations['update_share'];
    trace?: never;
  };
  '/api/v1/suites/{id}/column-policy': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_column_policy'];
    put: operations['replace_column_policy'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}/checks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['list_checks'];
    put?: never;
    post: operations['create_check'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}/checks/{cid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_check'];
    put?: never;
    post?: never;
    delete: operations['delete_check'];
    options?: never;
    head?: never;
    patch: operations['update_check'];
    trace?: never;
  };
  '/api/v1/suites/{id}/checks/{cid}/snooze': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['snooze_check'];
    delete: operations['unsnooze_check'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}/checks/{cid}/versions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['list_check_versions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}/checks/{cid}/versions/{n}/restore': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['restore_check_version'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}/checks/{cid}/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_check_history'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}/checks/{cid}/baseline': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_check_baseline'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}/checks/{cid}/rebaseline': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['rebaseline_check'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/check-kinds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['list_check_kinds'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/check-kinds/{kind}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_check_kind'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}/run': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['trigger_run'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/runs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['list_runs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/runs/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_run'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/runs/{id}/progress': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_run_progress'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/runs/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['cancel_run'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/runs/{id}/results/{rid}/comparison_report': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_comparison_report'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/dashboard/summary': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_dashboard_summary'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/scoring': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_scoring_settings'];
    put: operations['update_scoring_settings'];
    post?: never;
    delete: operations['reset_scoring_settings'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/privacy': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_privacy_settings'];
    put: operations['update_privacy_settings'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/deployment': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_deployment_settings'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/secret-sweep': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_secret_sweep'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/secret-sweep/run': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['run_secret_sweep'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/schedules': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['list_schedules'];
    put?: never;
    post: operations['create_schedule'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/schedules/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_schedule'];
    put?: never;
    post?: never;
    delete: operations['delete_schedule'];
    options?: never;
    head?: never;
    patch: operations['update_schedule'];
    trace?: never;
  };
  '/api/v1/trigger-bindings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['list_trigger_bindings'];
    put?: never;
    post: operations['create_trigger_binding'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/trigger-bindings/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_trigger_binding'];
    put?: never;
    post?: never;
    delete: operations['delete_trigger_binding'];
    options?: never;
    head?: never;
    patch: operations['update_trigger_binding'];
    trace?: never;
  };
  '/api/v1/orchestration/near-misses': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['list_near_misses'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/notification-channels': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['list_notification_channels'];
    put?: never;
    post: operations['create_notification_channel'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/notification-channels/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_notification_channel'];
    put?: never;
    post?: never;
    delete: operations['delete_notification_channel'];
    options?: never;
    head?: never;
    patch: operations['update_notification_channel'];
    trace?: never;
  };
  '/api/v1/notification-channels/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['test_notification_channel'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/notification-channels/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['list_notification_channel_deliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}/notifications': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_suite_notifications'];
    put: operations['set_suite_notifications'];
    post?: never;
    delete: operations['reset_suite_notifications'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}/notification-channels': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['list_suite_notification_channels'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/suites/{id}/notification-channels/{channelId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put: operations['link_suite_notification_channel'];
    post?: never;
    delete: operations['unlink_suite_notification_channel'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/incidents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['list_incidents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/incidents/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['get_incident'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/incidents/{id}/ack': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['ack_incident'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/incidents/{id}/resolve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['resolve_incident'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    LivenessBody: {
      /** @enum {string} */
      status: 'ok';
      service: string;
      instance_id: string;
    };
    ReadinessView: {
      /** @enum {string} */
      status: 'ready' | 'not_ready' | 'shutting_down';
      /** @description Each dependency probed, absent while shutting down */
      checks?: {
        [key: string]: {
          /** @enum {string} */
          status?: 'up' | 'down';
          error?: string;
        };
      };
    };
    MeResponse: {
      id: string;
      display_name: string;
      email: string;
      /** @enum {string} */
      role: 'admin' | 'member' | 'viewer';
      is_workspace_admin: boolean;
      /** @enum {string} */
      credential: 'pat' | 'identity_provider' | 'session' | 'dev_bypass';
    };
    PatchMeRequest: {
      display_name: string;
    };
    CreateApiKeyRequest: {
      name: string;
      expires_in_days?: number | null;
    };
    ApiKeyCreatedResponse: {
      /** Format: uuid */
      id: string;
      name: string;
      key_prefix: string;
      /** Format: date-time */
      expires_at: string;
      /** Format: date-time */
      last_used_at: string | null;
      /** Format: date-time */
      created_at: string;
      token: string;
    };
    ApiKeyResponse: {
      /** Format: uuid */
      id: string;
      name: string;
      key_prefix: string;
      /** Format: date-time */
      expires_at: string;
      /** Format: date-time */
      last_used_at: string | null;
      /** Format: date-time */
      created_at: string;
    };
    ApiKeyPage: {
      items: components['schemas']['ApiKeyResponse'][];
      next_cursor: string | null;
    };
    OtpRequestBody: {
      /** Format: email */
      email: string;
    };
    OtpRequestAccepted: {
      /** @enum {string} */
      status: 'accepted';
    };
    OtpVerifyBody: {
      /** Format: email */
      email: string;
      code: string;
    };
    OtpVerified: {
      user: components['schemas']['MeResponse'];
      /**
       * Format: date-time
       * @description When the session (sent as an HttpOnly cookie) ends
       */
      expires_at: string;
    };
    UserSearchResult: {
      id: string;
      display_name: string;
      email: string;
      /** @enum {string} */
      role: 'admin' | 'member' | 'viewer';
      /** @enum {string} */
      max_share: 'view' | 'edit';
    };
    UserSearchPage: {
      items: components['schemas']['UserSearchResult'][];
      next_cursor: string | null;
    };
    DraftConnectionTestRequest: {
      name?: string | null;
      /** @enum {string} */
      kind:
        | 'warehouse'
        | 'lakehouse'
        | 'file_store'
        | 'object_store'
        | 'iceberg_catalog'
        | 'postgres'
        | 'factory'
        | 'scheduler'
        | 'builder';
      config: Record<string, unknown>;
      credential?: Record<string, unknown> | null;
    } & (
      | {
          /** @constant */
          kind?: 'warehouse';
          config?: components['schemas']['WarehouseConfig'];
          credential?: components['schemas']['WarehouseCredential'] | null;
        }
      | {
          /** @constant */
          kind?: 'lakehouse';
          config?: components['schemas']['LakehouseConfig'];
          credential?: components['schemas']['LakehouseCredential'] | null;
        }
      | {
          /** @constant */
          kind?: 'file_store';
          config?: components['schemas']['FileStoreConfig'];
          credential?: components['schemas']['FileStoreCredential'] | null;
        }
      | {
          /** @constant */
          kind?: 'object_store';
          config?: components['schemas']['ObjectStoreConfig'];
          credential?: components['schemas']['ObjectStoreCredential'] | null;
        }
      | {
          /** @constant */
          kind?: 'iceberg_catalog';
          config?: components['schemas']['IcebergCatalogConfig'];
          credential?: components['schemas']['IcebergCatalogCredential'] | null;
        }
      | {
          /** @constant */
          kind?: 'postgres';
          config?: components['schemas']['PostgresConfig'];
          credential?: components['schemas']['PostgresCredential'] | null;
        }
      | {
          /** @constant */
          kind?: 'factory';
          config?: components['schemas']['FactoryConfig'];
          credential?: components['schemas']['ServicePrincipalCredential'] | null;
        }
      | {
          /** @constant */
          kind?: 'scheduler';
          config?: components['schemas']['SchedulerConfig'];
          credential?: components['schemas']['SchedulerCredential'] | null;
        }
      | {
          /** @constant */
          kind?: 'builder';
          config?: components['schemas']['BuilderConfig'];
          credential?: components['schemas']['BuilderCredential'] | null;
        }
    );
    ClassifiedDatasourceError: {
      /** @enum {string} */
      class: 'auth' | 'permission' | 'not_found' | 'unreachable' | 'timeout' | 'invalid' | 'cancelled';
      message: string;
    };
    ConnectionTestResult: {
      ok: boolean;
      error: components['schemas']['ClassifiedDatasourceError'] | null;
      details: {
        [key: string]: unknown;
      };
      duration_ms: number;
    };
    ReauthConnectionRequest: {
      credential: Record<string, unknown>;
    };
    CredentialHealth: {
      /** @enum {string} */
      status: 'healthy' | 'failing' | 'unknown';
      consecutive_auth_failures: number;
      /** Format: date-time */
      last_auth_success_at: string | null;
      /** Format: date-time */
      last_auth_failure_at: string | null;
      last_error: {
        [key: string]: unknown;
      } | null;
    };
    ConnectionResponse: {
      /** Format: uuid */
      id: string;
      name: string;
      /** @enum {string} */
      kind:
        | 'warehouse'
        | 'lakehouse'
        | 'file_store'
        | 'object_store'
        | 'iceberg_catalog'
        | 'postgres'
        | 'factory'
        | 'scheduler'
        | 'builder';
      config: {
        [key: string]: unknown;
      };
      has_secret: boolean;
      credential_health: components['schemas']['CredentialHealth'] | null;
      capabilities: {
        [key: string]: unknown;
      } | null;
      allow_custom_sql_with_dangerous_privileges: boolean;
      privilege_warning: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      version: number;
    };
    ConnectionPage: {
      items: components['schemas']['ConnectionResponse'][];
      next_cursor: string | null;
    };
    CreateConnectionRequest: {
      name: string;
      /** @enum {string} */
      kind:
        | 'warehouse'
        | 'lakehouse'
        | 'file_store'
        | 'object_store'
        | 'iceberg_catalog'
        | 'postgres'
        | 'factory'
        | 'scheduler'
        | 'builder';
      config: Record<string, unknown>;
      credential?: Record<string, unknown> | null;
    } & (
      | {
          /** @constant */
          kind?: 'warehouse';
          config?: components['schemas']['WarehouseConfig'];
          credential?: components['schemas']['WarehouseCredential'] | null;
        }
      | {
          /** @constant */
          kind?: 'lakehouse';
          config?: components['schemas']['LakehouseConfig'];
          credential?: components['schemas']['LakehouseCredential'] | null;
        }
      | {
          /** @constant */
          kind?: 'file_store';
          config?: components['schemas']['FileStoreConfig'];
          credential?: components['schemas']['FileStoreCredential'] | null;
        }
      | {
          /** @constant */
          kind?: 'object_store';
          config?: components['schemas']['ObjectStoreConfig'];
          credential?: components['schemas']['ObjectStoreCredential'] | null;
        }
      | {
          /** @constant */
          kind?: 'iceberg_catalog';
          config?: components['schemas']['IcebergCatalogConfig'];
          credential?: components['schemas']['IcebergCatalogCredential'] | null;
        }
      | {
          /** @constant */
          kind?: 'postgres';
          config?: components['schemas']['PostgresConfig'];
          credential?: components['schemas']['PostgresCredential'] | null;
        }
      | {
          /** @constant */
          kind?: 'factory';
          config?: components['schemas']['FactoryConfig'];
          credential?: components['schemas']['ServicePrincipalCredential'] | null;
        }
      | {
          /** @constant */
          kind?: 'scheduler';
          config?: components['schemas']['SchedulerConfig'];
          credential?: components['schemas']['SchedulerCredential'] | null;
        }
      | {
          /** @constant */
          kind?: 'builder';
          config?: components['schemas']['BuilderConfig'];
          credential?: components['schemas']['BuilderCredential'] | null;
        }
    );
    UpdateConnectionRequest: {
      name?: string | null;
      config?: Record<string, unknown> | null;
      credential?: Record<string, unknown> | null;
      allow_custom_sql_with_dangerous_privileges?: boolean | null;
    };
    ConnectionVersionResponse: {
      version: number;
      name: string;
      config: {
        [key: string]: unknown;
      };
      changed_fields: string[];
      /** Format: uuid */
      changed_by: string | null;
      /** Format: date-time */
      changed_at: string;
    };
    ConnectionVersionPage: {
      items: components['schemas']['ConnectionVersionResponse'][];
      next_cursor: string | null;
    };
    TargetColumn: {
      name: string;
      type: string;
      nullable: boolean;
    };
    TargetFilesReply: {
      files: components['schemas']['TargetFile'][];
      truncated: boolean;
      total_matched: number;
    };
    ProfileRequest: {
      columns?: string[];
      top_values?: number | null;
    };
    TargetProfileReply: {
      row_count: number;
      columns: components['schemas']['ColumnProfile'][];
      duration_ms: number;
    };
    ColumnPolicySuggestionItem: {
      column: string;
      /** @description What the column looks like it holds (email, phone, name, ...) */
      category: string;
      confidence: number;
      /** @description Why: the name, the values seen */
      reasons: string[];
      /** @enum {string} */
      treatment: 'allow' | 'mask' | 'redact';
    };
    ColumnPolicyView: {
      /** @description Treatment per column name */
      columns: {
        [key: string]: 'allow' | 'mask' | 'redact';
      };
      /**
       * @description Treatment of a column the policy does not name
       * @enum {string}
       */
      default: 'allow' | 'mask' | 'redact';
    };
    ColumnPolicySuggestionReply: {
      suggestions: components['schemas']['ColumnPolicySuggestionItem'][];
      /** @description The current policy with a treatment added for each suggested column it does not name yet */
      policy: components['schemas']['ColumnPolicyView'];
    };
    CreateCheckRequest: {
      name: string;
      description?: string | null;
      /**
       * @description the check kind (GET /check-kinds/{kind} describes its config)
       * @enum {string}
       */
      kind:
        | 'expectation'
        | 'custom_sql'
        | 'freshness'
        | 'volume'
        | 'anomaly'
        | 'schema_drift'
        | 'comparison'
        | 'profile';
      /**
       * @description expectation checks only; native runs four metric types on a warehouse
       * @enum {string|null}
       */
      engine?: 'standard' | 'native' | null;
      /** @enum {string|null} */
      dimension?:
        'completeness' | 'uniqueness' | 'validity' | 'accuracy' | 'consistency' | 'timeliness' | null;
      /** @description only for expectation, comparison, anomaly: warn/fail/critical bounds */
      thresholds?:
        | (
            | {
                /** @description the warn tier is reached above this percentage */
                warn?: number;
                /** @description the fail tier is reached above this percentage */
                fail?: number;
                /** @description the critical tier is reached above this percentage */
                critical?: number;
              }
            | {
                /** @description the warn tier is reached above this z-score */
                warn?: number;
                /** @description the fail tier is reached above this z-score */
                fail?: number;
                /** @description the critical tier is reached above this z-score */
                critical?: number;
              }
            | {
                /** @description the warn tier is reached above this percentage */
                warn?: number;
                /** @description the fail tier is reached above this percentage */
                fail?: number;
                /** @description the critical tier is reached above this percentage */
                critical?: number;
              }
          )
        | null;
      /** @description the kind's own fields; one branch per kind */
      config:
        | (
            | {
                /** @constant */
                expectation_type: 'expect_column_values_to_not_be_null';
                kwargs: {
                  column: string;
                  /** @description the fraction of rows that must meet the expectation */
                  mostly?: number;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_values_to_be_null';
                kwargs: {
                  column: string;
                  /** @description the fraction of rows that must meet the expectation */
                  mostly?: number;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_values_to_be_unique';
                kwargs: {
                  column: string;
                  /** @description the fraction of rows that must meet the expectation */
                  mostly?: number;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_values_to_be_between';
                kwargs: {
                  column: string;
                  /** @description a number, or a string (dates and times as ISO-8601) */
                  min_value?: number | string;
                  /** @description a number, or a string (dates and times as ISO-8601) */
                  max_value?: number | string;
                  /** @default false */
                  strict_min?: boolean;
                  /** @default false */
                  strict_max?: boolean;
                  /** @description the fraction of rows that must meet the expectation */
                  mostly?: number;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_values_to_be_in_set';
                kwargs: {
                  column: string;
                  value_set: (string | number | boolean)[];
                  /** @description the fraction of rows that must meet the expectation */
                  mostly?: number;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_values_to_not_be_in_set';
                kwargs: {
                  column: string;
                  value_set: (string | number | boolean)[];
                  /** @description the fraction of rows that must meet the expectation */
                  mostly?: number;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_values_to_match_regex';
                kwargs: {
                  column: string;
                  /** Format: regex */
                  regex: string;
                  /** @description the fraction of rows that must meet the expectation */
                  mostly?: number;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_values_to_not_match_regex';
                kwargs: {
                  column: string;
                  /** Format: regex */
                  regex: string;
                  /** @description the fraction of rows that must meet the expectation */
                  mostly?: number;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_value_lengths_to_be_between';
                kwargs: {
                  column: string;
                  min_value?: number;
                  max_value?: number;
                  /** @description the fraction of rows that must meet the expectation */
                  mostly?: number;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_values_to_be_of_type';
                kwargs: {
                  column: string;
                  type_: string;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_table_row_count_to_be_between';
                kwargs: {
                  min_value?: number;
                  max_value?: number;
                  /** @default false */
                  strict_min?: boolean;
                  /** @default false */
                  strict_max?: boolean;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_table_row_count_to_equal';
                kwargs: {
                  value: number;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_table_column_count_to_equal';
                kwargs: {
                  value: number;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_table_column_count_to_be_between';
                kwargs: {
                  min_value?: number;
                  max_value?: number;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_table_columns_to_match_set';
                kwargs: {
                  column_set: string[];
                  /** @default true */
                  exact_match?: boolean;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_table_columns_to_match_ordered_list';
                kwargs: {
                  column_list: string[];
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_compound_columns_to_be_unique';
                kwargs: {
                  column_list: string[];
                  /**
                   * @default all_values_are_missing
                   * @enum {string}
                   */
                  ignore_row_if?: 'all_values_are_missing' | 'any_value_is_missing' | 'never';
                  /** @description the fraction of rows that must meet the expectation */
                  mostly?: number;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_min_to_be_between';
                kwargs: {
                  column: string;
                  /** @description a number, or a string (dates and times as ISO-8601) */
                  min_value?: number | string;
                  /** @description a number, or a string (dates and times as ISO-8601) */
                  max_value?: number | string;
                  /** @default false */
                  strict_min?: boolean;
                  /** @default false */
                  strict_max?: boolean;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_max_to_be_between';
                kwargs: {
                  column: string;
                  /** @description a number, or a string (dates and times as ISO-8601) */
                  min_value?: number | string;
                  /** @description a number, or a string (dates and times as ISO-8601) */
                  max_value?: number | string;
                  /** @default false */
                  strict_min?: boolean;
                  /** @default false */
                  strict_max?: boolean;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_mean_to_be_between';
                kwargs: {
                  column: string;
                  min_value?: number;
                  max_value?: number;
                  /** @default false */
                  strict_min?: boolean;
                  /** @default false */
                  strict_max?: boolean;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_median_to_be_between';
                kwargs: {
                  column: string;
                  min_value?: number;
                  max_value?: number;
                  /** @default false */
                  strict_min?: boolean;
                  /** @default false */
                  strict_max?: boolean;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_sum_to_be_between';
                kwargs: {
                  column: string;
                  min_value?: number;
                  max_value?: number;
                  /** @default false */
                  strict_min?: boolean;
                  /** @default false */
                  strict_max?: boolean;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_stdev_to_be_between';
                kwargs: {
                  column: string;
                  min_value?: number;
                  max_value?: number;
                  /** @default false */
                  strict_min?: boolean;
                  /** @default false */
                  strict_max?: boolean;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_distinct_values_to_be_in_set';
                kwargs: {
                  column: string;
                  value_set: (string | number | boolean)[];
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_distinct_values_to_contain_set';
                kwargs: {
                  column: string;
                  value_set: (string | number | boolean)[];
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_distinct_values_to_equal_set';
                kwargs: {
                  column: string;
                  value_set: (string | number | boolean)[];
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_unique_value_count_to_be_between';
                kwargs: {
                  column: string;
                  min_value?: number;
                  max_value?: number;
                  /** @default false */
                  strict_min?: boolean;
                  /** @default false */
                  strict_max?: boolean;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_proportion_of_unique_values_to_be_between';
                kwargs: {
                  column: string;
                  min_value?: number;
                  max_value?: number;
                  /** @default false */
                  strict_min?: boolean;
                  /** @default false */
                  strict_max?: boolean;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'expect_column_most_common_value_to_be_in_set';
                kwargs: {
                  column: string;
                  value_set: (string | number | boolean)[];
                  /** @default false */
                  ties_okay?: boolean;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'null_count';
                kwargs: {
                  column: string;
                  min_value?: number;
                  max_value?: number;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'null_percent';
                kwargs: {
                  column: string;
                  min_value?: number;
                  max_value?: number;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'duplicate_count';
                kwargs: {
                  column: string;
                  min_value?: number;
                  max_value?: number;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
            | {
                /** @constant */
                expectation_type: 'unique_count';
                kwargs: {
                  column: string;
                  min_value?: number;
                  max_value?: number;
                  row_condition?: components['schemas']['CheckRowCondition'];
                };
              }
          )
        | {
            /** @description one read-only SELECT (or WITH ... SELECT) statement whose rows are the failures */
            sql: string;
            /**
             * @description the outcome when the monitor fails
             * @default fail
             * @enum {string}
             */
            severity?: 'warn' | 'fail' | 'critical';
          }
        | {
            /** @description the timestamp column; left out or null: the newest file arrival time (file datasources) */
            column?: string | null;
            /** @description hours since the newest row or file after which the check warns */
            warn_after_hours?: number;
            /** @description hours after which it fails */
            fail_after_hours?: number;
            /** @description hours after which it is critical */
            critical_after_hours?: number;
          }
        | {
            /** @description fewest rows expected */
            min_rows?: number;
            /** @description most rows expected */
            max_rows?: number;
            /**
             * @description the outcome when the monitor fails
             * @default fail
             * @enum {string}
             */
            severity?: 'warn' | 'fail' | 'critical';
          }
        | {
            /**
             * @description what is watched
             * @enum {string}
             */
            metric: 'row_count' | 'freshness_hours';
            /** @description freshness_hours only: the timestamp column (required there) */
            column?: string | null;
            /**
             * @description history needed before a verdict (fewer is skip)
             * @default 7
             */
            min_points?: number;
            /**
             * @description compare with the same weekday only
             * @default false
             */
            per_weekday?: boolean;
          }
        | {
            /**
             * @description the changes that fail the check
             * @default [
             *       "added",
             *       "dropped",
             *       "type_changed"
             *     ]
             */
            fail_on?: ('added' | 'dropped' | 'type_changed')[];
            /**
             * @description the outcome when the monitor fails
             * @default fail
             * @enum {string}
             */
            severity?: 'warn' | 'fail' | 'critical';
          }
        | {
            /**
             * Format: uuid
             * @description the connection the baseline is read from
             */
            baseline_connection_id: string;
            /** @description a target on the baseline connection, or a read-only query (SQL datasources) */
            baseline:
              | {
                  target: string;
                }
              | {
                  /** @description one read-only SELECT (or WITH ... SELECT) statement */
                  query: string;
                };
            /** @description a read-only projection of the suite's own target (SQL datasources) */
            target_query?: string;
            /** @description the columns that join the two sides */
            key_columns: string[];
            /** @description the columns compared; left out: all shared non-key columns */
            compare_columns?: string[];
            /**
             * @description absolute difference still counted equal
             * @default 0
             */
            numeric_tolerance?: number;
            /**
             * @description rows read per side at most
             * @default 1000000
             */
            max_rows?: number;
          }
        | {
            /** @description the columns profiled; left out: all */
            columns?: string[];
            /**
             * @description most common values kept per column
             * @default 5
             */
            top_values?: number;
          };
      enabled?: boolean | null;
    };
    CheckDryRunReply: {
      outcome: string;
      metric_value?: number;
      detail: Record<string, unknown>;
      samples: unknown[];
      duration_ms: number;
    };
    DocumentConnectionRef: {
      name: string;
      /** @enum {string} */
      kind:
        | 'warehouse'
        | 'lakehouse'
        | 'file_store'
        | 'object_store'
        | 'iceberg_catalog'
        | 'postgres'
        | 'factory'
        | 'scheduler'
        | 'builder';
    };
    SuiteDocumentSuite: {
      name: string;
      description: string | null;
      target: string;
      time_zone: string;
      column_policy: {
        [key: string]: unknown;
      };
      /** @enum {string} */
      file_encoding?: 'utf-8' | 'utf-16' | 'latin-1';
      connection: components['schemas']['DocumentConnectionRef'];
    };
    SuiteDocumentCheck: {
      name: string;
      description: string | null;
      kind: string;
      engine: string | null;
      dimension: string;
      thresholds: {
        [key: string]: unknown;
      } | null;
      /** @description As stored, except that each `<x>_connection_id` is written as `<x>_connection: {name, kind}` */
      config: {
        [key: string]: unknown;
      };
      enabled: boolean;
    };
    SuiteDocument: {
      /** @enum {string} */
      format: 'dq-suite';
      /** @enum {integer} */
      format_version: 1;
      /** Format: date-time */
      exported_at: string;
      suite: components['schemas']['SuiteDocumentSuite'];
      checks: components['schemas']['SuiteDocumentCheck'][];
    };
    SuiteResponse: {
      /** Format: uuid */
      id: string;
      name: string;
      description: string | null;
      /** Format: uuid */
      connection_id: string;
      /** @enum {string} */
      connection_kind:
        | 'warehouse'
        | 'lakehouse'
        | 'file_store'
        | 'object_store'
        | 'iceberg_catalog'
        | 'postgres'
        | 'factory'
        | 'scheduler'
        | 'builder';
      target: string;
      /** @enum {string|null} */
      target_format: 'csv' | 'parquet' | null;
      is_batch_pattern: boolean;
      time_zone: string;
      /** @enum {string|null} */
      file_encoding: 'utf-8' | 'utf-16' | 'latin-1' | null;
      /** Format: uuid */
      owner_id: string;
      /** @description The owner's display name, or their email when they have none */
      owner_name: string;
      /** @enum {string} */
      my_grant: 'view' | 'edit' | 'admin' | 'owner';
      check_count: number;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    CreateSuiteRequest: {
      name: string;
      description?: string | null;
      /** Format: uuid */
      connection_id: string;
      target: string;
      time_zone?: string | null;
      /**
       * @description File store and object store suites only: the text encoding of the CSV files (utf-16 is little-endian); utf-8 by default. Refused (422) for other connection kinds.
       * @enum {string|null}
       */
      file_encoding?: 'utf-8' | 'utf-16' | 'latin-1' | null;
    };
    ImportedChecks: {
      created: string[];
      updated: string[];
      unchanged: string[];
      /** @description The suite's checks the document does not name; kept as they are */
      not_in_document: string[];
    };
    ImportSuiteResponse: {
      suite: components['schemas']['SuiteResponse'];
      created: boolean;
      checks: components['schemas']['ImportedChecks'];
    };
    UpdateSuiteRequest: {
      name?: string | null;
      description?: string | null;
      /** Format: uuid */
      connection_id?: string | null;
      target?: string | null;
      time_zone?: string | null;
      /**
       * @description File store and object store suites only: the text encoding of the CSV files (utf-16 is little-endian); utf-8 by default. Refused (422) for other connection kinds.
       * @enum {string|null}
       */
      file_encoding?: 'utf-8' | 'utf-16' | 'latin-1' | null;
    };
    ShareResponse: {
      /** Format: uuid */
      user_id: string;
      email: string;
      display_name: string | null;
      /** @enum {string} */
      grant: 'view' | 'edit';
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    SharePage: {
      items: components['schemas']['ShareResponse'][];
      next_cursor: string | null;
    };
    CreateShareRequest: {
      /** Format: uuid */
      user_id: string;
      /** @enum {string} */
      grant: 'view' | 'edit';
    };
    UpdateShareRequest: {
      /** @enum {string} */
      grant: 'view' | 'edit';
    };
    PutColumnPolicyRequest: {
      columns: Record<string, unknown>;
      default?: string | null;
    };
    CheckCaveat: {
      code: string;
      message: string;
    };
    CheckResponse: {
      id: string;
      suite_id: string;
      name: string;
      description: string | null;
      kind: string;
      engine: string | null;
      /** @enum {string} */
      dimension: 'completeness' | 'uniqueness' | 'validity' | 'accuracy' | 'consistency' | 'timeliness';
      thresholds: {
        [key: string]: unknown;
      } | null;
      config: {
        [key: string]: unknown;
      };
      enabled: boolean;
      version: number;
      /** Format: date-time */
      snoozed_until: string | null;
      caveats: components['schemas']['CheckCaveat'][];
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    CheckPage: {
      items: components['schemas']['CheckResponse'][];
      next_cursor: string | null;
    };
    UpdateCheckRequest: {
      name?: string | null;
      description?: string | null;
      kind?: string | null;
      /**
       * @description expectation checks only; native runs four metric types on a warehouse
       * @enum {string|null}
       */
      engine?: 'standard' | 'native' | null;
      /** @enum {string|null} */
      dimension?:
        'completeness' | 'uniqueness' | 'validity' | 'accuracy' | 'consistency' | 'timeliness' | null;
      /** @description only for expectation, comparison, anomaly: warn/fail/critical bounds */
      thresholds?:
        | (
            | {
                /** @description the warn tier is reached above this percentage */
                warn?: number;
                /** @description the fail tier is reached above this percentage */
                fail?: number;
                /** @description the critical tier is reached above this percentage */
                critical?: number;
              }
            | {
                /** @description the warn tier is reached above this z-score */
                warn?: number;
                /** @description the fail tier is reached above this z-score */
                fail?: number;
                /** @description the critical tier is reached above this z-score */
                critical?: number;
              }
            | {
                /** @description the warn tier is reached above this percentage */
                warn?: number;
                /** @description the fail tier is reached above this percentage */
                fail?: number;
                /** @description the critical tier is reached above this percentage */
                critical?: number;
              }
          )
        | null;
      config?: Record<string, unknown> | null;
      enabled?: boolean | null;
    };
    SnoozeCheckRequest: {
      hours: number;
    };
    CheckVersionResponse: {
      version: number;
      /** @enum {string} */
      change: 'created' | 'updated' | 'restored' | 'imported';
      restored_from: number | null;
      name: string;
      description: string | null;
      kind: string;
      engine: string | null;
      /** @enum {string} */
      dimension: 'completeness' | 'uniqueness' | 'validity' | 'accuracy' | 'consistency' | 'timeliness';
      thresholds: {
        [key: string]: unknown;
      } | null;
      config: {
        [key: string]: unknown;
      };
      enabled: boolean;
      changed_by: string | null;
      /** Format: date-time */
      changed_at: string;
    };
    CheckVersionPage: {
      items: components['schemas']['CheckVersionResponse'][];
      next_cursor: string | null;
    };
    CheckHistoryPoint: {
      run_id: string;
      outcome: string;
      metric_value: number | null;
      check_version: number | null;
      at: string;
    };
    CheckBaselineResponse: {
      check_id: string;
      kind: string;
      baseline: {
        [key: string]: unknown;
      } | null;
      /** Format: date-time */
      captured_at: string | null;
    };
    CheckKindVariant: {
      variant: string;
      title: string;
      /** @description When a check of the kind is this variant */
      when: string;
      datasource_kinds: (
        | 'warehouse'
        | 'lakehouse'
        | 'file_store'
        | 'object_store'
        | 'iceberg_catalog'
        | 'postgres'
        | 'factory'
        | 'scheduler'
        | 'builder'
      )[];
    };
    CheckKindParameter: {
      name: string;
      /** @description JSON type(s): string, number, integer, boolean, array, object; several joined by " | " */
      type: string;
      required: boolean;
      /** @description What the engine assumes when the field is left out */
      default:
        | (
            | string
            | number
            | boolean
            | unknown[]
            | {
                [key: string]: unknown;
              }
          )
        | null;
      description: string | null;
      allowed_values:
        | (
            | string
            | number
            | boolean
            | unknown[]
            | {
                [key: string]: unknown;
              }
          )[]
        | null;
      minimum: number | null;
      maximum: number | null;
      /** @description True when minimum itself is refused (a value must be greater) */
      exclusive_minimum: boolean;
      /** @description The JSON Schema of the field */
      schema: {
        [key: string]: unknown;
      };
    };
    CheckKindThresholds: {
      /** @description False when the kind refuses `thresholds` (its bounds or severity are in config) */
      applies: boolean;
      unit: string | null;
      fields: components['schemas']['CheckKindParameter'][];
      /** @description The bounds used when thresholds are left out */
      default: {
        [key: string]: number;
      } | null;
      schema: {
        [key: string]: unknown;
      } | null;
    };
    CheckKindExample: {
      name: string;
      kind: string;
      /** @enum {string} */
      engine?: 'standard' | 'native';
      config: {
        [key: string]: unknown;
      };
      thresholds?: {
        [key: string]: number;
      };
    };
    ExpectationTypeDescription: {
      type: string;
      description: string;
      /** @enum {string} */
      shape: 'column_map' | 'column_aggregate' | 'table';
      /** @enum {string} */
      engine: 'standard' | 'native';
      datasource_kinds: (
        | 'warehouse'
        | 'lakehouse'
        | 'file_store'
        | 'object_store'
        | 'iceberg_catalog'
        | 'postgres'
        | 'factory'
        | 'scheduler'
        | 'builder'
      )[];
      /** @description The fields of kwargs */
      parameters: components['schemas']['CheckKindParameter'][];
      rules: string[];
      /** @enum {string} */
      default_dimension:
        'completeness' | 'uniqueness' | 'validity' | 'accuracy' | 'consistency' | 'timeliness';
      config_schema: {
        [key: string]: unknown;
      };
      example: components['schemas']['CheckKindExample'];
    };
    CheckKindDescription: {
      kind: string;
      title: string;
      description: string;
      datasource_kinds: (
        | 'warehouse'
        | 'lakehouse'
        | 'file_store'
        | 'object_store'
        | 'iceberg_catalog'
        | 'postgres'
        | 'factory'
        | 'scheduler'
        | 'builder'
      )[];
      variants: components['schemas']['CheckKindVariant'][];
      /** @description The engines an expectation may name; empty for other kinds */
      engines: string[];
      /** @description The fields of config */
      parameters: components['schemas']['CheckKindParameter'][];
      /** @description Rules across fields, in words */
      rules: string[];
      thresholds: components['schemas']['CheckKindThresholds'];
      /** @enum {string} */
      default_dimension:
        'completeness' | 'uniqueness' | 'validity' | 'accuracy' | 'consistency' | 'timeliness';
      /** @description The JSON Schema of config */
      config_schema: {
        [key: string]: unknown;
      };
      expectation_types: components['schemas']['ExpectationTypeDescription'][];
      example: components['schemas']['CheckKindExample'];
    };
    CheckKindPage: {
      items: components['schemas']['CheckKindDescription'][];
      next_cursor: string | null;
    };
    TriggerRunRequest: {
      allow_concurrent?: boolean | null;
    };
    TriggeredRunView: {
      id: string;
      /** @enum {string} */
      status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
      total_checks: number;
      deduplicated: boolean;
    };
    RunView: {
      id: string;
      suite_id: string;
      suite_name: string;
      /** @enum {string} */
      status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
      reason: string | null;
      trigger: string;
      allow_concurrent: boolean;
      total_checks: number;
      completed_checks: number;
      outcome_counts: {
        [key: string]: unknown;
      };
      health_score: number | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      started_at: string | null;
      /** Format: date-time */
      finished_at: string | null;
      duration_ms: number | null;
      /** Format: date-time */
      cancel_requested_at: string | null;
    };
    RunPage: {
      items: components['schemas']['RunView'][];
      next_cursor: string | null;
    };
    RunResultView: {
      id: string;
      check_id: string;
      check_name: string | null;
      kind: string;
      dimension: string | null;
      check_version: number | null;
      /** @enum {string} */
      outcome: 'pass' | 'warn' | 'fail' | 'critical' | 'error' | 'skip';
      metric_value: number | null;
      unexpected_count: number | null;
      unexpected_percent: number | null;
      /** Format: date-time */
      started_at: string | null;
      /** Format: date-time */
      finished_at: string | null;
      duration_ms: number | null;
      samples: {
        [key: string]: unknown;
      }[];
      samples_purged: boolean;
      detail: {
        [key: string]: unknown;
      };
    };
    RunDetailView: {
      id: string;
      suite_id: string;
      suite_name: string;
      /** @enum {string} */
      status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
      reason: string | null;
      trigger: string;
      allow_concurrent: boolean;
      total_checks: number;
      completed_checks: number;
      outcome_counts: {
        [key: string]: unknown;
      };
      health_score: number | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      started_at: string | null;
      /** Format: date-time */
      finished_at: string | null;
      duration_ms: number | null;
      /** Format: date-time */
      cancel_requested_at: string | null;
      results: components['schemas']['RunResultView'][];
    };
    RunProgressView: {
      run_id: string;
      /** @enum {string} */
      status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
      completed_checks: number;
      total_checks: number;
    };
    CancelledRunView: {
      id: string;
      /** @enum {string} */
      status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
      /** Format: date-time */
      cancel_requested_at: string;
    };
    DashboardWindowView: {
      days: number;
      /** Format: date-time */
      since: string;
      /** Format: date-time */
      until: string;
    };
    DashboardKpis: {
      runs: number;
      runs_by_status: {
        [key: string]: number;
      };
      run_success_rate: number | null;
      check_pass_rate: number | null;
      results_by_outcome: {
        [key: string]: number;
      };
      mean_run_duration_ms: number | null;
      suites: number;
      checks: number;
      health_score: number | null;
      failing_suites: number;
    };
    DashboardTrendDay: {
      date: string;
      runs: number;
      runs_by_status: {
        [key: string]: number;
      };
      results_by_outcome: {
        [key: string]: number;
      };
      health_score: number | null;
    };
    DashboardLastRun: {
      id: string;
      /** @enum {string} */
      status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      finished_at: string | null;
      health_score: number | null;
    };
    DashboardSuitePerformance: {
      runs: number;
      runs_by_status: {
        [key: string]: number;
      };
      run_success_rate: number | null;
      check_pass_rate: number | null;
      results_by_outcome: {
        [key: string]: number;
      };
      mean_run_duration_ms: number | null;
      suite_id: string;
      name: string;
      checks: number;
      health_score: number | null;
      last_completed_run: components['schemas']['DashboardLastRun'] | null;
    };
    DashboardSummaryView: {
      window: components['schemas']['DashboardWindowView'];
      kpis: components['schemas']['DashboardKpis'];
      trend: components['schemas']['DashboardTrendDay'][];
      suites: components['schemas']['DashboardSuitePerformance'][];
    };
    ScoringWeights: {
      warn: number;
      fail: number;
      critical: number;
    };
    ScoringSettingsView: {
      weights: components['schemas']['ScoringWeights'];
      is_default: boolean;
      defaults: components['schemas']['ScoringWeights'];
    };
    ScoringWeightsRequest: {
      warn: number;
      fail: number;
      critical: number;
    };
    PrivacySettingsView: {
      zero_sample_mode: boolean;
      stored_zero_sample_mode: boolean;
      /** @enum {string} */
      source: 'env' | 'setting' | 'default';
      env_pinned: boolean;
    };
    PrivacySettingsRequest: {
      zero_sample_mode: boolean;
    };
    DeploymentEgressView: {
      allow_cidrs: string[];
      allow_hosts: string[];
      loopback_allowed: boolean;
    };
    DeploymentView: {
      deployment_region: string | null;
      zero_sample_mode: boolean;
      /** @enum {string} */
      zero_sample_source: 'env' | 'setting' | 'default';
      egress: components['schemas']['DeploymentEgressView'];
    };
    SecretSweepCounts: {
      sealed_credentials: number;
      orphans: number;
      connection_deleted: number;
      key_not_in_ring: number;
      unreadable_envelope: number;
    };
    OrphanSecretView: {
      /** Format: uuid */
      connection_id: string;
      /** @enum {string} */
      reason: 'connection_deleted' | 'key_not_in_ring' | 'unreadable_envelope';
      key_id: string | null;
    };
    SecretSweepReport: {
      /** @enum {string} */
      status: 'never_run' | 'skipped' | 'completed' | 'failed';
      /** @enum {string|null} */
      trigger: 'daily' | 'manual' | null;
      /** Format: date-time */
      started_at: string | null;
      /** Format: date-time */
      finished_at: string | null;
      counts: components['schemas']['SecretSweepCounts'] | null;
      orphans: components['schemas']['OrphanSecretView'][];
      orphans_truncated: boolean;
      key_ids: string[];
      /** @enum {number} */
      deleted: 0;
      error: string | null;
    };
    ScheduleResponse: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      suite_id: string;
      /**
       * @description A 5-field cron expression (minute hour day-of-month month day-of-week) read in `timezone`; no seconds field, no @ nicknames
       * @example 0 6 * * 1-5
       */
      cron: string;
      /**
       * @description The IANA time zone the expression is read in
       * @example Europe/Berlin
       */
      timezone: string;
      enabled: boolean;
      /** Format: date-time */
      next_fire_at: string | null;
      /** Format: date-time */
      last_fired_at: string | null;
      /** @description The next five fire instants, ISO 8601 with the zone offset at each (YYYY-MM-DDTHH:mm:ss±hh:mm); empty while disabled */
      upcoming_fire_times: string[];
      /** Format: uuid */
      last_run_id: string | null;
      /** @description Ticks passed over without a run because the scheduler was down when they fell due */
      missed_ticks: number;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    SchedulePage: {
      items: components['schemas']['ScheduleResponse'][];
      next_cursor: string | null;
    };
    CreateScheduleRequest: {
      /** Format: uuid */
      suite_id: string;
      /**
       * @description A 5-field cron expression (minute hour day-of-month month day-of-week) read in `timezone`; no seconds field, no @ nicknames
       * @example 0 6 * * 1-5
       */
      cron: string;
      /**
       * @description The IANA time zone the expression is read in
       * @example Europe/Berlin
       */
      timezone: string;
      enabled?: boolean | null;
    };
    UpdateScheduleRequest: {
      /**
       * @description A 5-field cron expression (minute hour day-of-month month day-of-week) read in `timezone`; no seconds field, no @ nicknames
       * @example 0 6 * * 1-5
       */
      cron?: string;
      /**
       * @description The IANA time zone the expression is read in
       * @example Europe/Berlin
       */
      timezone?: string;
      enabled?: boolean;
    };
    TriggerBindingResponse: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      provider: 'factory' | 'scheduler' | 'builder';
      pipeline_id: string;
      env: string;
      /** Format: uuid */
      suite_id: string;
      enabled: boolean;
      suite_exists: boolean;
      suite_name: string | null;
      /** Format: uuid */
      created_by: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    TriggerBindingPage: {
      items: components['schemas']['TriggerBindingResponse'][];
      next_cursor: string | null;
    };
    CreateTriggerBindingRequest: {
      /** @enum {string} */
      provider: 'factory' | 'scheduler' | 'builder';
      pipeline_id: string;
      env: string;
      /** Format: uuid */
      suite_id: string;
      enabled?: boolean | null;
    };
    UpdateTriggerBindingRequest: {
      /** @enum {string} */
      provider?: 'factory' | 'scheduler' | 'builder';
      pipeline_id?: string;
      env?: string;
      /** Format: uuid */
      suite_id?: string;
      enabled?: boolean;
    };
    NearMissResponse: {
      /** Format: uuid */
      pipeline_run_id: string;
      /** @enum {string} */
      provider: 'factory' | 'scheduler' | 'builder';
      pipeline_id: string;
      env: string;
      run_id: string;
      /** @enum {string} */
      status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
      /** Format: date-time */
      finished_at: string | null;
      /** Format: date-time */
      received_at: string;
      /** @enum {string} */
      reason:
        'disabled' | 'suite_deleted' | 'id_differs_by_case_or_whitespace' | 'other_environment' | 'none';
      closest_binding: components['schemas']['TriggerBindingResponse'] | null;
    };
    NearMissPage: {
      items: components['schemas']['NearMissResponse'][];
      next_cursor: string | null;
    };
    NotificationChannelResponse: {
      /** Format: uuid */
      id: string;
      name: string;
      /** @enum {string} */
      type: 'slack' | 'teams' | 'email' | 'webhook';
      has_webhook: boolean;
      email_to: string[];
      is_workspace_default: boolean;
      is_escalation: boolean;
      has_payload_template: boolean;
      payload_template?: {
        [key: string]: unknown;
      } | null;
      auth_header_name: string | null;
      has_auth_header_value: boolean;
      /** Format: date-time */
      previous_key_until: string | null;
      /** Format: date-time */
      flagged_at: string | null;
      flag_reason: string | null;
      /** Format: uuid */
      created_by: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    NotificationChannelPage: {
      items: components['schemas']['NotificationChannelResponse'][];
      next_cursor: string | null;
    };
    CreateNotificationChannelRequest: {
      name: string;
      /** @enum {string} */
      type: 'slack' | 'teams' | 'email' | 'webhook';
      webhook_url?: string | null;
      email_to?: string[];
      is_workspace_default?: boolean | null;
      is_escalation?: boolean | null;
      payload_template?: Record<string, unknown> | null;
      auth_header_name?: string | null;
      auth_header_value?: string | null;
    };
    NotificationChannelWithKeyResponse: {
      /** Format: uuid */
      id: string;
      name: string;
      /** @enum {string} */
      type: 'slack' | 'teams' | 'email' | 'webhook';
      has_webhook: boolean;
      email_to: string[];
      is_workspace_default: boolean;
      is_escalation: boolean;
      has_payload_template: boolean;
      payload_template?: {
        [key: string]: unknown;
      } | null;
      auth_header_name: string | null;
      has_auth_header_value: boolean;
      /** Format: date-time */
      previous_key_until: string | null;
      /** Format: date-time */
      flagged_at: string | null;
      flag_reason: string | null;
      /** Format: uuid */
      created_by: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      signing_key?: string;
    };
    UpdateNotificationChannelRequest: {
      name?: string | null;
      webhook_url?: string | null;
      email_to?: string[];
      is_workspace_default?: boolean | null;
      is_escalation?: boolean | null;
      payload_template?: Record<string, unknown> | null;
      auth_header_name?: string | null;
      auth_header_value?: string | null;
      regenerate_hmac_secret?: boolean | null;
    };
    NotificationChannelTestResult: {
      /** @description The receiver accepted the test alert (2xx, or the mail relay took it). */
      delivered: boolean;
      /** @description The HTTP status the receiver answered, when it answered. */
      status_code?: number;
      /** @description Why the send failed: a status, a refused URL rule or a failure class. */
      error?: string;
    };
    AlertDeliveryResponse: {
      /**
       * Format: uuid
       * @description Also the `webhook-id` header the receiver got.
       */
      id: string;
      /** Format: uuid */
      channel_id: string;
      /** Format: uuid */
      run_id: string | null;
      /** Format: uuid */
      suite_id: string | null;
      /** @description `alert`, `alert.escalation` or `poll_failure`. */
      kind: string;
      /** @enum {string} */
      state: 'pending' | 'delivering' | 'delivered' | 'dead';
      attempts: number;
      /** Format: date-time */
      next_attempt_at: string | null;
      /** @description A status or failure class; never a URL or a secret. */
      last_error: string | null;
      last_status_code: number | null;
      /** Format: date-time */
      first_attempt_at: string | null;
      /** Format: date-time */
      delivered_at: string | null;
      /** Format: date-time */
      created_at: string;
    };
    AlertDeliveryPage: {
      items: components['schemas']['AlertDeliveryResponse'][];
      next_cursor: string | null;
    };
    SuiteNotificationsResponse: {
      /** Format: uuid */
      suite_id: string;
      channel_ids: string[];
      escalation_channel_ids: string[];
      /** @enum {string} */
      alert_on: 'fail_only' | 'warn_and_above' | 'always';
      enabled: boolean;
      auto_resolve: boolean;
      use_workspace_default: boolean;
      effective_channel_ids: string[];
      is_default: boolean;
      /** Format: uuid */
      updated_by: string | null;
      /** Format: date-time */
      updated_at: string | null;
    };
    SetSuiteNotificationsRequest: {
      channel_ids: string[];
      escalation_channel_ids?: string[];
      /** @enum {string|null} */
      alert_on?: 'fail_only' | 'warn_and_above' | 'always' | null;
      enabled?: boolean | null;
      auto_resolve?: boolean | null;
      use_workspace_default?: boolean | null;
    };
    SuiteNotificationChannelResponse: {
      /** Format: uuid */
      channel_id: string;
      name: string;
      type: string;
      /** @enum {string} */
      role: 'alert' | 'escalation';
      is_workspace_default: boolean;
      /** Format: date-time */
      linked_at: string;
    };
    SuiteNotificationChannelPage: {
      items: components['schemas']['SuiteNotificationChannelResponse'][];
      next_cursor: string | null;
    };
    IncidentEvidenceCheck: {
      /** Format: uuid */
      id: string;
      /** @description Null once the check was deleted. */
      name: string | null;
      kind: string | null;
      /** @description The check version now. */
      current_version: number | null;
      /** @description The check version the latest failure ran. */
      failed_version: number;
    };
    IncidentEvidenceResult: {
      /** Format: uuid */
      run_id: string;
      outcome: string;
      metric_value: number | null;
      unexpected_percent: number | null;
      /** @description The thresholds the result was judged by. */
      thresholds: Record<string, unknown> | null;
      /** @description Failing-row samples, redacted as the run result shows them; empty under zero-sample mode or once purged. */
      samples: {
        [key: string]: unknown;
      }[];
      samples_purged: boolean;
      /** Format: date-time */
      finished_at: string | null;
    };
    IncidentEvidenceRun: {
      /** Format: uuid */
      run_id: string;
      outcome: string;
      metric_value: number | null;
      /** Format: date-time */
      finished_at: string | null;
    };
    IncidentEvidence: {
      check: components['schemas']['IncidentEvidenceCheck'];
      latest_failure: components['schemas']['IncidentEvidenceResult'] | null;
      /** @description The check's last 10 runs, newest first. */
      recent_runs: components['schemas']['IncidentEvidenceRun'][];
      /** @description Null until assets exist. */
      asset: Record<string, unknown> | null;
    };
    IncidentResponse: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      suite_id: string;
      /** Format: uuid */
      check_id: string;
      /** @enum {string} */
      state: 'open' | 'acknowledged' | 'resolved';
      /** @enum {string} */
      severity: 'warn' | 'fail' | 'critical';
      /** Format: date-time */
      opened_at: string;
      /** Format: date-time */
      acknowledged_at: string | null;
      /** Format: uuid */
      acknowledged_by: string | null;
      /** Format: date-time */
      resolved_at: string | null;
      /**
       * Format: uuid
       * @description Null when a clean run resolved it.
       */
      resolved_by: string | null;
      /** @enum {string|null} */
      resolve_reason: 'fixed' | 'expected' | 'false_positive' | 'no_action_needed' | null;
      resolve_comment: string | null;
      /** @description Failing runs attached to the incident. */
      failure_count: number;
      /** Format: uuid */
      opened_by_run_id: string;
      /** Format: uuid */
      last_run_id: string;
      /** @description On `GET /incidents/{id}` only. */
      evidence?: components['schemas']['IncidentEvidence'];
    };
    IncidentPage: {
      items: components['schemas']['IncidentResponse'][];
      next_cursor: string | null;
    };
    ResolveIncidentRequest: {
      /** @enum {string|null} */
      reason?: 'fixed' | 'expected' | 'false_positive' | 'no_action_needed' | null;
      comment?: string | null;
    };
    WarehouseConfig: {
      account: string;
      user: string;
      warehouse?: string | null;
      role?: string | null;
      database?: string | null;
      schema?: string | null;
    };
    WarehouseCredential: {
      password?: string | null;
      private_key?: string | null;
      passphrase?: string | null;
    };
    LakehouseConfig: {
      workspace_url: string;
      http_path: string;
    };
    LakehouseCredential: {
      token: string;
    };
    FileStoreConfig: {
      account_url: string;
      filesystem: string;
    };
    FileStoreCredential: {
      account_key?: string | null;
      sas_token?: string | null;
      tenant_id?: string | null;
      client_id?: string | null;
      client_secret?: string | null;
    };
    ObjectStoreConfig: {
      bucket: string;
      region?: string | null;
      endpoint_url?: string | null;
      force_path_style?: boolean | null;
    };
    ObjectStoreCredential: {
      access_key_id: string;
      secret_access_key: string;
    };
    IcebergCatalogConfig: {
      catalog_uri: string;
      warehouse?: string | null;
      properties?: Record<string, unknown> | null;
      secret_property?: string | null;
    };
    IcebergCatalogCredential: {
      value: string;
    };
    PostgresConfig: {
      host: string;
      port: number;
      database: string;
      user: string;
      /** @enum {string|null} */
      sslmode?: 'disable' | 'prefer' | 'require' | 'verify-ca' | 'verify-full' | null;
    };
    PostgresCredential: {
      password: string;
    };
    FactoryConfig: {
      subscription_id: string;
      resource_group: string;
      factory_name: string;
    };
    ServicePrincipalCredential: {
      tenant_id: string;
      client_id: string;
      client_secret: string;
    };
    SchedulerConfig: {
      base_url: string;
      /** @enum {string|null} */
      auth_type?: 'token' | null;
    };
    SchedulerCredential: {
      token: string;
    };
    BuilderConfig: {
      project_name: string;
      jobs: string[];
      artifacts_uri: string;
      endpoint_url?: string | null;
      lineage_namespace?: string | null;
    };
    BuilderCredential: {
      token: string;
      webhook_secret: string;
    };
    /** @description structured row filters ANDed together; no SQL text */
    CheckRowCondition: {
      column: string;
      /** @enum {string} */
      op: 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge' | 'in' | 'not_in' | 'is_null' | 'is_not_null';
      /** @description a scalar; a list for in/not_in; left out for is_null/is_not_null */
      value?: (string | number | boolean) | (string | number | boolean)[];
    }[];
    ColumnProfile: {
      name: string;
      type: string;
      null_count: number;
      null_percent: number;
      distinct_count?: number | null;
      min?: string | null;
      max?: string | null;
      top_values: components['schemas']['ProfiledValue'][];
      pii?: components['schemas']['PiiGuess'] | null;
    };
    PiiGuess: {
      category: string;
      confidence: number;
      reasons: string[];
    };
    ProfiledValue: {
      value?: string | null;
      count: number;
    };
    TargetFile: {
      path: string;
      size: number;
      last_modified_at: string;
    };
    /** @description Every error answer: `code` names the case, `detail` carries its facts. */
    ErrorEnvelope: {
      error: {
        /** @enum {string} */
        code:
          | 'unauthenticated'
          | 'forbidden'
          | 'not_a_member'
          | 'not_found'
          | 'route_not_found'
          | 'method_not_allowed'
          | 'conflict'
          | 'last_admin'
          | 'channel_in_use'
          | 'connection_in_use'
          | 'api_key_limit'
          | 'suite_name_taken'
          | 'connection_privileged'
          | 'validation_failed'
          | 'invalid_json'
          | 'confirm_self_required'
          | 'credential_redirect'
          | 'channel_credential_redirect'
          | 'url_forbidden'
          | 'payload_too_large'
          | 'headers_too_large'
          | 'unsupported_media_type'
          | 'rate_limited'
          | 'sign_in_code_limited'
          | 'datasource_unreachable'
          | 'datasource_failed'
          | 'datasource_timeout'
          | 'service_unavailable'
          | 'internal_error';
        message: string;
        detail: {
          [key: string]: unknown;
        };
      };
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  get_liveness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LivenessBody'];
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_readiness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReadinessView'];
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
      /** @description Not ready, or shutting down */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReadinessView'];
        };
      };
    };
  };
  get_me: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MeResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_a_member';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  update_me: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PatchMeRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MeResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_a_member';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  list_api_keys: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyPage'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_a_member';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  create_api_key: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateApiKeyRequest'];
      };
    };
    responses: {
      /** @description The key, with its token shown this once */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyCreatedResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_a_member';
            };
          };
        };
      };
      /** @description `api_key_limit`: the caller already holds 50 live keys (`detail.limit`); revoke one first */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'api_key_limit';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  delete_api_key: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  request_sign_in_code: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OtpRequestBody'];
      };
    };
    responses: {
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OtpRequestAccepted'];
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited`, `sign_in_code_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited' | 'sign_in_code_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  verify_sign_in_code: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OtpVerifyBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OtpVerified'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  sign_out: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_a_member';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  search_users: {
    parameters: {
      query: {
        q: string;
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserSearchPage'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_a_member';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  test_draft_connection: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DraftConnectionTestRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConnectionTestResult'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `url_forbidden`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'url_forbidden' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
      /** @description Datasource failure: `datasource_unreachable` */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'datasource_unreachable';
            };
          };
        };
      };
      /** @description Service unavailable: `service_unavailable` */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'service_unavailable';
            };
          };
        };
      };
      /** @description Datasource timeout: `datasource_timeout` */
      504: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'datasource_timeout';
            };
          };
        };
      };
    };
  };
  test_connection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConnectionTestResult'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
      /** @description Datasource failure: `datasource_unreachable` */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'datasource_unreachable';
            };
          };
        };
      };
      /** @description Service unavailable: `service_unavailable` */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'service_unavailable';
            };
          };
        };
      };
      /** @description Datasource timeout: `datasource_timeout` */
      504: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'datasource_timeout';
            };
          };
        };
      };
    };
  };
  reauth_connection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReauthConnectionRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConnectionResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Conflict: `conflict` */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'conflict';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `url_forbidden`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'url_forbidden' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
      /** @description Datasource failure: `datasource_unreachable` */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'datasource_unreachable';
            };
          };
        };
      };
      /** @description Service unavailable: `service_unavailable` */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'service_unavailable';
            };
          };
        };
      };
      /** @description Datasource timeout: `datasource_timeout` */
      504: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'datasource_timeout';
            };
          };
        };
      };
    };
  };
  list_connections: {
    parameters: {
      query?: {
        kind?:
          | 'warehouse'
          | 'lakehouse'
          | 'file_store'
          | 'object_store'
          | 'iceberg_catalog'
          | 'postgres'
          | 'factory'
          | 'scheduler'
          | 'builder';
        name?: string;
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConnectionPage'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  create_connection: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateConnectionRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConnectionResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Conflict: `conflict` */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'conflict';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `url_forbidden`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'url_forbidden' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_connection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConnectionResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  delete_connection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted; its sealed credential is dropped with it */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description `connection_in_use`: suites read it (their target or a comparison baseline); `detail.suites` names those the caller may see, `detail.other_suite_count` counts the rest */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'connection_in_use';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  update_connection: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateConnectionRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConnectionResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Conflict: `conflict` */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'conflict';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `credential_redirect`, `invalid_json`, `url_forbidden`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'credential_redirect' | 'invalid_json' | 'url_forbidden' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  list_connection_versions: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConnectionVersionPage'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  list_suite_columns: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TargetColumn'][];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
      /** @description `datasource_unreachable` or `datasource_failed`: the datasource was not reached or refused us */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'datasource_failed' | 'datasource_unreachable';
            };
          };
        };
      };
      /** @description `service_unavailable`: no runner is there to do the work */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'service_unavailable';
            };
          };
        };
      };
      /** @description `datasource_timeout`: past INTERACTIVE_DEADLINE_MS the statement is cancelled (`detail.deadline_seconds`) */
      504: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'datasource_timeout';
            };
          };
        };
      };
    };
  };
  preview_suite_batch: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TargetFilesReply'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
      /** @description `datasource_unreachable` or `datasource_failed`: the datasource was not reached or refused us */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'datasource_failed' | 'datasource_unreachable';
            };
          };
        };
      };
      /** @description `service_unavailable`: no runner is there to do the work */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'service_unavailable';
            };
          };
        };
      };
      /** @description `datasource_timeout`: past INTERACTIVE_DEADLINE_MS the statement is cancelled (`detail.deadline_seconds`) */
      504: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'datasource_timeout';
            };
          };
        };
      };
    };
  };
  profile_suite: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['ProfileRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TargetProfileReply'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
      /** @description `datasource_unreachable` or `datasource_failed`: the datasource was not reached or refused us */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'datasource_failed' | 'datasource_unreachable';
            };
          };
        };
      };
      /** @description `service_unavailable`: no runner is there to do the work */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'service_unavailable';
            };
          };
        };
      };
      /** @description `datasource_timeout`: past INTERACTIVE_DEADLINE_MS the statement is cancelled (`detail.deadline_seconds`) */
      504: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'datasource_timeout';
            };
          };
        };
      };
    };
  };
  suggest_column_policy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['ProfileRequest'];
      };
    };
    responses: {
      /** @description Columns that look personal, and the policy with a treatment for each */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ColumnPolicySuggestionReply'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
      /** @description `datasource_unreachable` or `datasource_failed`: the datasource was not reached or refused us */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'datasource_failed' | 'datasource_unreachable';
            };
          };
        };
      };
      /** @description `service_unavailable`: no runner is there to do the work */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'service_unavailable';
            };
          };
        };
      };
      /** @description `datasource_timeout`: past INTERACTIVE_DEADLINE_MS the statement is cancelled (`detail.deadline_seconds`) */
      504: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'datasource_timeout';
            };
          };
        };
      };
    };
  };
  dry_run_check: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateCheckRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckDryRunReply'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `connection_privileged`, `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'connection_privileged' | 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
      /** @description `datasource_unreachable` or `datasource_failed`: the datasource was not reached or refused us */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'datasource_failed' | 'datasource_unreachable';
            };
          };
        };
      };
      /** @description `service_unavailable`: no runner is there to do the work */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'service_unavailable';
            };
          };
        };
      };
      /** @description `datasource_timeout`: past INTERACTIVE_DEADLINE_MS the statement is cancelled (`detail.deadline_seconds`) */
      504: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'datasource_timeout';
            };
          };
        };
      };
    };
  };
  list_suites: {
    parameters: {
      query?: {
        name?: string;
        connection_id?: string;
        owner?: string;
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of the suites the caller can see, by name */
      200: {
        headers: {
          /** @description Suites matching the filters in all */
          'X-Total-Count'?: number;
          /** @description `<...>; rel="next"` when another page follows */
          Link?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuiteResponse'][];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  create_suite: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateSuiteRequest'];
      };
    };
    responses: {
      /** @description The suite, owned by the caller */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuiteResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description `suite_name_taken`: another suite has this name */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'suite_name_taken';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description `validation_failed`: a field is wrong (`detail.fields`). Codes: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  import_suite: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description `{document, connection_map?}`, or the bare document exactly as `GET /suites/{id}/export` answers it */
    requestBody: {
      content: {
        'application/json':
          | {
              document: components['schemas']['SuiteDocument'];
              /** @description The document's connection names mapped to connection ids or names here */
              connection_map?: {
                [key: string]: string;
              };
            }
          | components['schemas']['SuiteDocument'];
      };
    };
    responses: {
      /** @description The same-named suite the caller may edit, updated in place */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ImportSuiteResponse'];
        };
      };
      /** @description A new suite made from the document */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ImportSuiteResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description `suite_name_taken`: a suite the caller may not edit (or cannot see) has the name */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'suite_name_taken';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description `validation_failed`: the document does not import (`detail.fields`, `unresolved_connections`). Codes: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_suite: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuiteResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  delete_suite: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  update_suite: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateSuiteRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuiteResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description `suite_name_taken`: a rename onto another suite's name */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'suite_name_taken';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  export_suite: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The portable suite document: no ids, no secrets; connections named by name and kind */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuiteDocument'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  list_shares: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SharePage'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  create_share: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateShareRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ShareResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Conflict: `conflict` */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'conflict';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  delete_share: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  update_share: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        userId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateShareRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ShareResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_column_policy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ColumnPolicyView'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  replace_column_policy: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PutColumnPolicyRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ColumnPolicyView'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  list_checks: {
    parameters: {
      query?: {
        kind?: string;
        name?: string;
        dimension?: 'completeness' | 'uniqueness' | 'validity' | 'accuracy' | 'consistency' | 'timeliness';
        enabled?: boolean;
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckPage'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  create_check: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateCheckRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Conflict: `conflict` */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'conflict';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `connection_privileged`, `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'connection_privileged' | 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_check: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        cid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  delete_check: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        cid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  update_check: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        cid: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateCheckRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Conflict: `conflict` */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'conflict';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `connection_privileged`, `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'connection_privileged' | 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  snooze_check: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        cid: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SnoozeCheckRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  unsnooze_check: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        cid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  list_check_versions: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
        cid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckVersionPage'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  restore_check_version: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        cid: string;
        n: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Conflict: `conflict` */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'conflict';
            };
          };
        };
      };
      /** @description Unprocessable request: `connection_privileged`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'connection_privileged' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_check_history: {
    parameters: {
      query?: {
        from?: string;
        to?: string;
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
        cid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of the check's results, newest first */
      200: {
        headers: {
          /** @description Results within the bounds in all */
          'X-Total-Count'?: number;
          /** @description `<...>; rel="next"` when another page follows */
          Link?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckHistoryPoint'][];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_check_baseline: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        cid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckBaselineResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  rebaseline_check: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        cid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckBaselineResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
      /** @description Datasource failure: `datasource_failed`, `datasource_unreachable` */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'datasource_failed' | 'datasource_unreachable';
            };
          };
        };
      };
      /** @description Service unavailable: `service_unavailable` */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'service_unavailable';
            };
          };
        };
      };
      /** @description Datasource timeout: `datasource_timeout` */
      504: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'datasource_timeout';
            };
          };
        };
      };
    };
  };
  list_check_kinds: {
    parameters: {
      query?: {
        datasource_kind?:
          | 'warehouse'
          | 'lakehouse'
          | 'file_store'
          | 'object_store'
          | 'iceberg_catalog'
          | 'postgres'
          | 'factory'
          | 'scheduler'
          | 'builder';
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckKindPage'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_a_member';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_check_kind: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        kind: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckKindDescription'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  trigger_run: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['TriggerRunRequest'];
      };
    };
    responses: {
      /** @description The suite's queued or running run, returned instead of a second one (`deduplicated: true`) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TriggeredRunView'];
        };
      };
      /** @description A new run, queued (`deduplicated: false`) */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TriggeredRunView'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description `forbidden`: the caller may view the suite but not edit it. Codes: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description `not_found`: no such suite, or none the caller may see */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
      /** @description `service_unavailable`: the run could not be queued */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'service_unavailable';
            };
          };
        };
      };
    };
  };
  list_runs: {
    parameters: {
      query?: {
        suite_id?: string;
        status?: ('queued' | 'running' | 'succeeded' | 'failed' | 'cancelled')[];
        since?: string;
        until?: string;
        limit?: number;
        cursor?: string;
        before?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RunPage'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_run: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RunDetailView'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_run_progress: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RunProgressView'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  cancel_run: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CancelledRunView'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Conflict: `conflict` */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'conflict';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_comparison_report: {
    parameters: {
      query?: {
        format?: 'csv' | 'xlsx';
      };
      header?: never;
      path: {
        id: string;
        rid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The diff report as an attachment, CSV (`format=csv`, the default) or XLSX */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv; charset=utf-8': string;
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': string;
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Conflict: `conflict` */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'conflict';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_dashboard_summary: {
    parameters: {
      query?: {
        days?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DashboardSummaryView'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_scoring_settings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ScoringSettingsView'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  update_scoring_settings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ScoringWeightsRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ScoringSettingsView'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  reset_scoring_settings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ScoringSettingsView'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_privacy_settings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PrivacySettingsView'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  update_privacy_settings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PrivacySettingsRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PrivacySettingsView'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Conflict: `conflict` */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'conflict';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_deployment_settings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeploymentView'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_secret_sweep: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SecretSweepReport'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  run_secret_sweep: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SecretSweepReport'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  list_schedules: {
    parameters: {
      query?: {
        suite_id?: string;
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SchedulePage'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  create_schedule: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateScheduleRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ScheduleResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Conflict: `conflict` */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'conflict';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_schedule: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ScheduleResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  delete_schedule: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  update_schedule: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateScheduleRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ScheduleResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  list_trigger_bindings: {
    parameters: {
      query?: {
        suite_id?: string;
        provider?: 'factory' | 'scheduler' | 'builder';
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TriggerBindingPage'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  create_trigger_binding: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateTriggerBindingRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TriggerBindingResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Conflict: `conflict` */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'conflict';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_trigger_binding: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TriggerBindingResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  delete_trigger_binding: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  update_trigger_binding: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateTriggerBindingRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TriggerBindingResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Conflict: `conflict` */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'conflict';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  list_near_misses: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NearMissPage'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  list_notification_channels: {
    parameters: {
      query?: {
        type?: 'slack' | 'teams' | 'email' | 'webhook';
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NotificationChannelPage'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  create_notification_channel: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateNotificationChannelRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NotificationChannelWithKeyResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Conflict: `conflict` */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'conflict';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `url_forbidden`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'url_forbidden' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_notification_channel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NotificationChannelResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  delete_notification_channel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Conflict: `channel_in_use` */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'channel_in_use';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  update_notification_channel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateNotificationChannelRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NotificationChannelWithKeyResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Conflict: `conflict` */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'conflict';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `channel_credential_redirect`, `invalid_json`, `url_forbidden`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'channel_credential_redirect' | 'invalid_json' | 'url_forbidden' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  test_notification_channel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NotificationChannelTestResult'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
      /** @description Service unavailable: `service_unavailable` */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'service_unavailable';
            };
          };
        };
      };
    };
  };
  list_notification_channel_deliveries: {
    parameters: {
      query?: {
        state?: 'pending' | 'delivering' | 'delivered' | 'dead';
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AlertDeliveryPage'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_suite_notifications: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuiteNotificationsResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  set_suite_notifications: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SetSuiteNotificationsRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuiteNotificationsResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  reset_suite_notifications: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  list_suite_notification_channels: {
    parameters: {
      query?: {
        role?: 'alert' | 'escalation';
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuiteNotificationChannelPage'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  link_suite_notification_channel: {
    parameters: {
      query?: {
        role?: 'alert' | 'escalation';
      };
      header?: never;
      path: {
        id: string;
        channelId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuiteNotificationChannelResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  unlink_suite_notification_channel: {
    parameters: {
      query?: {
        role?: 'alert' | 'escalation';
      };
      header?: never;
      path: {
        id: string;
        channelId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  list_incidents: {
    parameters: {
      query?: {
        state?: 'open' | 'acknowledged' | 'resolved';
        suite_id?: string;
        severity?: 'warn' | 'fail' | 'critical';
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['IncidentPage'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  get_incident: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['IncidentResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  ack_incident: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['IncidentResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Conflict: `conflict` */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'conflict';
            };
          };
        };
      };
      /** @description Unprocessable request: `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
  resolve_incident: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['ResolveIncidentRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['IncidentResponse'];
        };
      };
      /** @description Unauthenticated: `unauthenticated` */
      401: {
        headers: {
          'WWW-Authenticate'?: 'Bearer';
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unauthenticated';
            };
          };
        };
      };
      /** @description Forbidden: `forbidden`, `not_a_member` */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'forbidden' | 'not_a_member';
            };
          };
        };
      };
      /** @description Not found: `not_found` */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'not_found';
            };
          };
        };
      };
      /** @description Conflict: `conflict` */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'conflict';
            };
          };
        };
      };
      /** @description Payload too large: `payload_too_large` */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'payload_too_large';
            };
          };
        };
      };
      /** @description Unsupported media type: `unsupported_media_type` */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'unsupported_media_type';
            };
          };
        };
      };
      /** @description Unprocessable request: `invalid_json`, `validation_failed` */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'invalid_json' | 'validation_failed';
            };
          };
        };
      };
      /** @description Too many requests: `rate_limited` */
      429: {
        headers: {
          /** @description Seconds until the budget frees a request */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'rate_limited';
            };
          };
        };
      };
      /** @description Request headers too large: `headers_too_large` */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'headers_too_large';
            };
          };
        };
      };
      /** @description Internal error: `internal_error` */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'] & {
            error?: {
              /** @enum {string} */
              code?: 'internal_error';
            };
          };
        };
      };
    };
  };
}
