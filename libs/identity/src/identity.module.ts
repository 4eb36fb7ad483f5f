import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { ApiKeysService } from './api-keys/api-keys.service';
import { IDENTITY_OPTIONS, type IdentityOptions, resolveIdentityOptions } from './identity-options';
import { MembershipService } from './membership/membership.service';
import { OtpMailer } from './otp/otp-mailer';
import { OtpService } from './otp/otp.service';
import { IdentityPrincipalDirectory } from './principal-directory/identity-principal-directory';
import { SessionsService } from './sessions/sessions.service';
import { UsersService } from './users/users.service';

export interface IdentityModuleAsyncOptions {
  imports?: DynamicModule['imports'];
  inject?: (string | symbol | (abstract new (...args: never[]) => unknown))[];
  useFactory: (...args: never[]) => IdentityOptions | Promise<IdentityOptions>;
}

const SERVICES = [
  UsersService,
  ApiKeysService,
  SessionsService,
  OtpService,
  MembershipService,
  IdentityPrincipalDirectory,
];

/**
 * Users, API keys, sessions, e-mail OTP and membership. Needs the app's global DataSource
 * (DbModule), LOGGER (LoggingModule) and AuditLog (AuditModule). The app binds the auth port to it:
 * `{ provide: PrincipalDirectory, useExisting: IdentityPrincipalDirectory }`.
 */
@Module({})
export class IdentityModule {
  static forRoot(options: IdentityOptions): DynamicModule {
    return IdentityModule.build([{ provide: IDENTITY_OPTIONS, useValue: resolveIdentityOptions(options) }]);
  }

  static forRootAsync(options: IdentityModuleAsyncOptions): DynamicModule {
    return {
      ...IdentityModule.build([
        {
          provide: IDENTITY_OPTIONS,
          inject: options.inject ?? [],
          useFactory: async (...args: never[]) => resolveIdentityOptions(await options.useFactory(...args)),
        },
      ]),
      imports: options.imports ?? [],
    };
  }

  private static build(optionProviders: Provider[]): DynamicModule {
    return {
      module: IdentityModule,
      providers: [...optionProviders, OtpMailer, ...SERVICES],
      exports: [...SERVICES],
    };
  }
}
