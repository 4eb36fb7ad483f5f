import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import {
  type AuthenticatedUser,
  PrincipalDirectory,
  type ResolvedCredential,
} from '../principal/principal-directory';

/**
 * The app registers its `PrincipalDirectory` in whichever of its modules suits it
 * (`{ provide: PrincipalDirectory, useClass: IdentityPrincipalDirectory }`); this finds it once at
 * start-up and delegates, so AuthModule needs no import of the identity context. A missing
 * directory stops the app at boot rather than failing the first request.
 */
@Injectable()
export class AppPrincipalDirectory extends PrincipalDirectory implements OnModuleInit {
  private target?: PrincipalDirectory;

  constructor(private readonly moduleRef: ModuleRef) {
    super();
  }

  onModuleInit(): void {
    try {
      this.target = this.moduleRef.get(PrincipalDirectory, { strict: false });
    } catch {
      throw new Error(
        'AuthModule needs a PrincipalDirectory provider: add { provide: PrincipalDirectory, useClass: … } to the app',
      );
    }
  }

  findByApiKey(token: string): Promise<ResolvedCredential | null> {
    return this.directory().findByApiKey(token);
  }

  findBySession(token: string): Promise<ResolvedCredential | null> {
    return this.directory().findBySession(token);
  }

  signInWithIdentityProvider(claims: {
    issuer: string;
    subject: string;
    email: string;
    name?: string;
  }): Promise<ResolvedCredential | null> {
    return this.directory().signInWithIdentityProvider(claims);
  }

  findDevUser(email: string): Promise<ResolvedCredential> {
    return this.directory().findDevUser(email);
  }

  isAllowedByMembership(user: AuthenticatedUser): Promise<boolean> {
    return this.directory().isAllowedByMembership(user);
  }

  private directory(): PrincipalDirectory {
    if (!this.target) throw new Error('PrincipalDirectory used before the application initialised');
    return this.target;
  }
}
