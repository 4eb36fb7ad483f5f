import { type DynamicModule, Module } from '@nestjs/common';
import { AuditModule } from '@dq/audit';
import { AuthModule, PrincipalDirectory, RequestThrottle, assertAuthOptionsAllowed } from '@dq/auth';
import { IdentityModule, IdentityPrincipalDirectory } from '@dq/identity';
import { RateLimitModule } from '@dq/rate-limit';
import { type AccessConfig } from './access.config';
import { authOptionsFrom, identityOptionsFrom, rateLimitOptionsFrom } from './access-options';
import { RateLimitThrottle } from './rate-limit-throttle';

/**
 * Who may call a gateway and how often: identity, credential resolution, the authorization
 * policy, rate limits and the audit log, composed once so REST and MCP enforce the same rules.
 * Needs the DataSource of ServiceRuntimeModule (or DbModule) in the app.
 */
const AUTH_OPTIONS_CHECKED = Symbol('dq:auth-options-checked');

@Module({})
export class AccessModule {
  static forRoot(config: AccessConfig): DynamicModule {
    const authOptions = authOptionsFrom(config);
    return {
      module: AccessModule,
      global: true,
      imports: [
        AuditModule,
        IdentityModule.forRoot(identityOptionsFrom(config)),
        AuthModule.forRoot(authOptions),
        RateLimitModule.forRoot(rateLimitOptionsFrom(config)),
      ],
      providers: [
        {
          // Fail closed at boot (dev-bypass in production, symmetric algorithms, http issuers in
          // production); checked while the app is created, so the start-up failure is logged.
          provide: AUTH_OPTIONS_CHECKED,
          useFactory: () => assertAuthOptionsAllowed(authOptions, config.NODE_ENV),
        },
        { provide: PrincipalDirectory, useExisting: IdentityPrincipalDirectory },
        { provide: RequestThrottle, useClass: RateLimitThrottle },
      ],
      exports: [PrincipalDirectory, RequestThrottle, IdentityModule, RateLimitModule],
    };
  }
}
