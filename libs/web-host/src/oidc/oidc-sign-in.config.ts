import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
  type ValidationArguments,
} from 'class-validator';
import { HttpServiceConfig, IsServiceUrl, Secret } from '@dq/platform';

/** Paths of the sign-in endpoints on the web host. */
export const OIDC_CALLBACK_PATH = '/auth/oidc/callback';

type OidcFields = Pick<
  OidcSignInConfig,
  'NODE_ENV' | 'OIDC_ISSUER' | 'OIDC_REDIRECT_URI' | 'PUBLIC_BASE_URL' | 'AUTH_EMAIL_OTP'
>;

const oidcOn = (config: OidcFields): boolean => config.OIDC_ISSUER !== undefined;

/** A setting of identity-provider sign-in given without `OIDC_ISSUER`: half a configuration is refused. */
function OnlyWithIssuer(): PropertyDecorator {
  return ValidateBy({
    name: 'onlyWithIssuer',
    validator: {
      validate: (_value: unknown, args?: ValidationArguments) => oidcOn(args?.object as OidcFields),
      defaultMessage: () => 'is set but OIDC_ISSUER is not: identity-provider sign-in is half configured',
    },
  });
}

/** Plain http is for loopback development and tests only. */
function HttpsInProduction(): PropertyDecorator {
  return ValidateBy({
    name: 'httpsInProduction',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        typeof value !== 'string' ||
        (args?.object as OidcFields).NODE_ENV !== 'production' ||
        value.startsWith('https://'),
      defaultMessage: () => 'must be an https:// URL in production',
    },
  });
}

/** The issuer needs somewhere to send the browser back to. */
function RedirectKnown(): PropertyDecorator {
  return ValidateBy({
    name: 'redirectKnown',
    validator: {
      validate: (_value: unknown, args?: ValidationArguments) => {
        const config = args?.object as OidcFields;
        return config.OIDC_REDIRECT_URI !== undefined || config.PUBLIC_BASE_URL !== undefined;
      },
      defaultMessage: () =>
        'needs OIDC_REDIRECT_URI or PUBLIC_BASE_URL (the redirect URI is derived from it)',
    },
  });
}

/** Someone must be able to sign in. */
function SomeSignInMode(): PropertyDecorator {
  return ValidateBy({
    name: 'someSignInMode',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        value === true || oidcOn(args?.object as OidcFields),
      defaultMessage: () => 'may be false only when OIDC_ISSUER is set (otherwise no one can sign in)',
    },
  });
}

/**
 * The web host's sign-in settings. With `OIDC_ISSUER` set the host signs browsers in at the
 * identity provider (authorization code with PKCE) and sends their access token to the API; the
 * tokens stay in an encrypted HttpOnly cookie. Property names are the variable names.
 */
export class OidcSignInConfig extends HttpServiceConfig {
  /** The identity provider; unset: the sign-in page offers email codes only. */
  @IsOptional()
  @IsServiceUrl(['https:', 'http:'])
  @HttpsInProduction()
  @RedirectKnown()
  OIDC_ISSUER?: string;

  @ValidateIf((config: OidcFields, value: unknown) => oidcOn(config) || value !== undefined)
  @OnlyWithIssuer()
  @IsString()
  @MinLength(1)
  OIDC_CLIENT_ID?: string;

  /** A confidential client's secret; unset: a public client that proves itself with PKCE alone. */
  @Secret()
  @ValidateIf((_config: OidcFields, value: unknown) => value !== undefined)
  @OnlyWithIssuer()
  @IsString()
  @MinLength(1)
  OIDC_CLIENT_SECRET?: string;

  /** Registered at the provider; unset: `<PUBLIC_BASE_URL>/auth/oidc/callback`. */
  @ValidateIf((_config: OidcFields, value: unknown) => value !== undefined)
  @OnlyWithIssuer()
  @IsServiceUrl(['https:', 'http:'])
  @HttpsInProduction()
  OIDC_REDIRECT_URI?: string;

  /** The address browsers use for this host, e.g. `https://dq.example.com`. */
  @IsOptional()
  @IsServiceUrl(['https:', 'http:'])
  @HttpsInProduction()
  PUBLIC_BASE_URL?: string;

  /** Encrypts the sign-in cookies (at least 32 characters of random). */
  @Secret()
  @ValidateIf((config: OidcFields, value: unknown) => oidcOn(config) || value !== undefined)
  @OnlyWithIssuer()
  @IsString()
  @MinLength(32)
  OIDC_COOKIE_SECRET?: string;

  /** Space-separated scopes asked for; `openid` is required. */
  @IsString()
  @Matches(/(^|\s)openid(\s|$)/, { message: 'must include openid' })
  OIDC_SCOPES = 'openid email profile';

  /** Shown on the sign-in button: "Sign in with <name>". */
  @IsString()
  @MinLength(1)
  @MaxLength(60)
  OIDC_PROVIDER_NAME = 'single sign-on';

  /** How long a browser stays signed in at most (refreshes included) before the provider is asked again. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(24 * 30)
  OIDC_SESSION_MAX_HOURS = 12;

  /** Whether the sign-in page offers email one-time codes. */
  @IsBoolean()
  @SomeSignInMode()
  AUTH_EMAIL_OTP = true;
}

/** The redirect URI the provider sends the browser back to, or undefined when sign-in is off. */
export function redirectUriOf(config: OidcSignInConfig): string | undefined {
  if (!config.OIDC_ISSUER) return undefined;
  if (config.OIDC_REDIRECT_URI) return config.OIDC_REDIRECT_URI;
  return new URL(OIDC_CALLBACK_PATH, config.PUBLIC_BASE_URL).toString();
}
