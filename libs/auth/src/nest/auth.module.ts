import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CredentialResolver } from '../credentials/credential-resolver';
import { IdentityProviderTokenVerifier } from '../identity-provider/identity-provider-token-verifier';
import { AppPrincipalDirectory } from './app-principal-directory';
import { AUTH_OPTIONS, type AuthOptions } from './auth-options';
import { AuthGuard } from './auth.guard';

/**
 * Authentication for a gateway: the resolver (exported, for the MCP transport) and the app-wide
 * guard. The app provides the `PrincipalDirectory` and calls `assertAuthOptionsAllowed` at boot.
 */
@Module({})
export class AuthModule {
  static forRoot(options: AuthOptions): DynamicModule {
    return {
      module: AuthModule,
      global: true,
      providers: [
        { provide: AUTH_OPTIONS, useValue: options },
        AppPrincipalDirectory,
        {
          provide: CredentialResolver,
          inject: [AppPrincipalDirectory],
          useFactory: (directory: AppPrincipalDirectory) =>
            new CredentialResolver(directory, {
              identityProvider: options.identityProvider
                ? new IdentityProviderTokenVerifier(options.identityProvider)
                : undefined,
              devBypass: options.devBypass,
            }),
        },
        { provide: APP_GUARD, useClass: AuthGuard },
      ],
      exports: [AUTH_OPTIONS, CredentialResolver],
    };
  }
}
