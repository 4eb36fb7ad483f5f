import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { CredentialKind, ErrorCode, MeResponse, OtpRequestBody, OtpVerifyBody } from '@dq/contracts';
import { CurrentPrincipal, type Principal, Public, actorOf } from '@dq/auth';
import { OtpService, SESSION_COOKIE_NAME, SessionsService, UsersService } from '@dq/identity';
import { ApiErrors, CONFIG } from '@dq/platform';
import { clientAddress } from '@dq/rate-limit';
import { ApiGatewayConfig } from '../api-gateway.config';

export class OtpRequestAccepted {
  @ApiProperty({ enum: ['accepted'] })
  status!: 'accepted';
}

export class OtpVerified {
  @ApiProperty({ type: MeResponse })
  user!: MeResponse;

  @ApiProperty({ format: 'date-time', description: 'When the session (sent as an HttpOnly cookie) ends' })
  expires_at!: string;
}

/**
 * Email one-time-code sign-in. The request answers identically whether or not the address is
 * enrolled; the session travels only in an HttpOnly cookie, never in a body.
 */
@ApiTags('auth')
@Controller('auth')
export class SignInController {
  constructor(
    private readonly otp: OtpService,
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
    @Inject(CONFIG) private readonly config: ApiGatewayConfig,
  ) {}

  @Public()
  @Post('otp/request')
  @HttpCode(202)
  @ApiOperation({ operationId: 'request_sign_in_code' })
  @ApiAcceptedResponse({ type: OtpRequestAccepted })
  @ApiErrors(ErrorCode.SignInCodeLimited)
  async request(@Body() body: OtpRequestBody, @Req() request: Request): Promise<OtpRequestAccepted> {
    await this.otp.request(body.email, clientAddress(request, this.config.TRUSTED_PROXIES) ?? null);
    return { status: 'accepted' };
  }

  @Public()
  @Post('otp/verify')
  @HttpCode(200)
  @ApiOperation({ operationId: 'verify_sign_in_code' })
  @ApiOkResponse({ type: OtpVerified })
  @ApiErrors(ErrorCode.Unauthenticated)
  async verify(
    @Body() body: OtpVerifyBody,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OtpVerified> {
    const verified = await this.otp.verify(body.email, body.code);
    response.cookie(SESSION_COOKIE_NAME, verified.token, {
      httpOnly: true,
      secure: true,
      sameSite: 'lax',
      path: '/',
      expires: verified.expiresAt,
    });
    return {
      user: this.users.toMeResponse(verified.user, CredentialKind.Session),
      expires_at: verified.expiresAt.toISOString(),
    };
  }

  /** Revokes the caller's session server-side; with another credential kind there is none to end. */
  @Post('logout')
  @HttpCode(204)
  @ApiOperation({ operationId: 'sign_out' })
  async logout(
    @CurrentPrincipal() principal: Principal,
    @Res({ passthrough: true }) response: Response,
  ): Promise<void> {
    if (principal.credential.kind === CredentialKind.Session && principal.credential.id) {
      await this.sessions.revoke(principal.credential.id, actorOf(principal));
    }
    response.clearCookie(SESSION_COOKIE_NAME, { httpOnly: true, secure: true, sameSite: 'lax', path: '/' });
  }
}
