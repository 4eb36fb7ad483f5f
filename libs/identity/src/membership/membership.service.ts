import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { WorkspaceMemberEntity, WorkspaceSettingEntity } from '../entities';
import { normalizeEmail } from '../identity-options';
import { UsersService } from '../users/users.service';

/** The `workspace_settings` key that turns membership enforcement on (`true`); absent means off. */
export const MEMBERSHIP_ENFORCED_SETTING = 'membership_enforced';

/** Whether membership is enforced, and whether an address is an admitted member, as read. */
export interface MembershipFacts {
  enforced: boolean;
  admitted: boolean;
}

/**
 * The select list of {@link MembershipFacts} for the (normalized) e-mail the given SQL expression
 * names, so a credential lookup reads them in its own statement; `$settingParam` is the parameter
 * holding {@link MEMBERSHIP_ENFORCED_SETTING}.
 */
export function membershipFactsColumns(email: string, settingParam: string): string {
  return `coalesce((SELECT "value" = 'true'::jsonb FROM "workspace_settings" WHERE "key" = ${settingParam}), false) AS "membership_enforced",
    EXISTS (SELECT 1 FROM "workspace_members" m WHERE m."email" = ${email} AND m."withdrawn_at" IS NULL) AS "membership_admitted"`;
}

/** Who may use the workspace once membership is enforced. Reads only; admission is an admin use case. */
@Injectable()
export class MembershipService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
  ) {}

  async isEnforced(): Promise<boolean> {
    const setting = await this.dataSource
      .getRepository(WorkspaceSettingEntity)
      .findOneBy({ key: MEMBERSHIP_ENFORCED_SETTING });
    return setting?.value === true;
  }

  /**
   * Enforcement off: everyone. On: an admitted, not withdrawn member with this e-mail, and always a
   * WORKSPACE_ADMIN_EMAILS address (break-glass, so a workspace can never lock its admins out).
   */
  async allows(user: { email: string }): Promise<boolean> {
    if (!(await this.isEnforced())) return true;
    if (this.users.isListedAdminEmail(user.email)) return true;
    return this.isAdmitted(user.email);
  }

  /** `allows`, decided from facts a credential lookup read with the user. */
  allowsGiven(user: { email: string }, facts: MembershipFacts): boolean {
    return !facts.enforced || this.users.isListedAdminEmail(user.email) || facts.admitted;
  }

  /** An admitted, not withdrawn member row exists for this address. */
  async isAdmitted(email: string): Promise<boolean> {
    return this.dataSource
      .getRepository(WorkspaceMemberEntity)
      .existsBy({ email: normalizeEmail(email), withdrawnAt: IsNull() });
  }
}
