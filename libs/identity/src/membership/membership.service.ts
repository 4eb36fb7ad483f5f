import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { WorkspaceMemberEntity, WorkspaceSettingEntity } from '@dq/db';
import { normalizeEmail } from '../identity-options';
import { UsersService } from '../users/users.service';

/** The `workspace_settings` key that turns membership enforcement on (`true`); absent means off. */
export const MEMBERSHIP_ENFORCED_SETTING = 'membership_enforced';

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

  /** An admitted, not withdrawn member row exists for this address. */
  async isAdmitted(email: string): Promise<boolean> {
    return this.dataSource
      .getRepository(WorkspaceMemberEntity)
      .existsBy({ email: normalizeEmail(email), withdrawnAt: IsNull() });
  }
}
