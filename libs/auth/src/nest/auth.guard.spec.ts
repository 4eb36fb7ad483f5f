import { Controller, Get, type INestApplication } from '@nestjs/common';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import pino from 'pino';
import request from 'supertest';
import { CredentialKind, ErrorCode, WorkspaceRole } from '@dq/contracts';
import { configureHttpApp } from '@dq/platform';
import { InMemoryPrincipalDirectory } from '../../test/in-memory-principal-directory';
import { UNAUTHENTICATED_MESSAGE } from '../credentials/unauthenticated.error';
import { WorkspaceCapability } from '../policy/workspace-capability';
import { type Principal, PrincipalDirectory } from '../principal/principal-directory';
import { CurrentPrincipal, Public, RequireCapability } from './auth.decorators';
import { AuthModule } from './auth.module';
import { type AuthOptions } from './auth-options';

const ADA_PAT = `svc_live_${'a1B2c3'.repeat(7)}`;
const ROOT_PAT = `svc_live_${'r00t'.repeat(10)}`;
const MO_PAT = `svc_live_${'m0m0'.repeat(10)}`;
const UNKNOWN_PAT = `svc_live_${'zZ9'.repeat(14)}`;

@Controller('things')
class ThingsController {
  @Get()
  list(@CurrentPrincipal() principal: Principal) {
    return { user_id: principal.user.id, credential: principal.credential.kind };
  }

  @Public()
  @Get('public')
  open() {
    return { ok: true };
  }

  @RequireCapability(WorkspaceCapability.AdminArea)
  @Get('admin')
  admin() {
    return { admin: true };
  }
}

@Public()
@Controller('open')
class OpenController {
  @Get()
  open() {
    return { open: true };
  }
}

@RequireCapability(WorkspaceCapability.CreateSuites)
@Controller('suites')
class SuitesController {
  @Get()
  create() {
    return { created: true };
  }

  @RequireCapability(WorkspaceCapability.ManageRoles)
  @Get('roles')
  roles() {
    return { roles: true };
  }
}

async function boot(options: AuthOptions = {}) {
  const directory = new InMemoryPrincipalDirectory();
  directory.addUser({ id: 'ada' });
  directory.addUser({ id: 'vic', role: WorkspaceRole.Viewer });
  directory.addUser({ id: 'root', role: WorkspaceRole.Admin, is_workspace_admin: true });
  directory.addUser({ id: 'mo', member: false });
  directory.addApiKey(ADA_PAT, { id: 'key-ada', userId: 'ada' });
  directory.addApiKey(ROOT_PAT, { id: 'key-root', userId: 'root' });
  directory.addApiKey(MO_PAT, { id: 'key-mo', userId: 'mo' });
  const moduleRef = await Test.createTestingModule({
    imports: [AuthModule.forRoot(options)],
    controllers: [ThingsController, OpenController, SuitesController],
    providers: [{ provide: PrincipalDirectory, useValue: directory }],
  }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: false });
  configureHttpApp(app, {
    nodeEnv: 'test',
    globalPrefix: 'api/v1',
    logger: pino({ level: 'silent' }),
    shutdownHooks: false,
  });
  await app.init();
  return { app, directory };
}

describe('AuthGuard over HTTP', () => {
  let app: INestApplication;
  let directory: InMemoryPrincipalDirectory;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app, directory } = await boot());
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers 401 in the error envelope without credentials', async () => {
    const response = await http().get('/api/v1/things').expect(401);
    expect(response.body).toEqual({
      error: { code: ErrorCode.Unauthenticated, message: UNAUTHENTICATED_MESSAGE, detail: {} },
    });
  });

  it('answers the byte-identical 401 for an unknown key, a non-bearer header and a bad cookie', async () => {
    const none = await http().get('/api/v1/things');
    const answers = await Promise.all([
      http().get('/api/v1/things').set('Authorization', `Bearer ${UNKNOWN_PAT}`),
      http().get('/api/v1/things').set('Authorization', 'Basic YTpi'),
      http().get('/api/v1/things').set('Cookie', 'svc_session=svc_sess_nothing_like_a_session'),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.text).toBe(none.text);
      expect(answer.text).not.toContain(UNKNOWN_PAT);
    }
  });

  it('answers 200 with a valid credential and hands the principal to the handler', async () => {
    const response = await http().get('/api/v1/things').set('Authorization', `Bearer ${ADA_PAT}`).expect(200);
    expect(response.body).toEqual({ user_id: 'ada', credential: CredentialKind.PersonalAccessToken });
  });

  it('lets @Public() routes and controllers through without resolving anything', async () => {
    directory.calls.length = 0;
    await http().get('/api/v1/things/public').expect(200, { ok: true });
    await http().get('/api/v1/open').expect(200, { open: true });
    // Even a bad credential does not turn a public route into a 401.
    await http().get('/api/v1/open').set('Authorization', `Bearer ${UNKNOWN_PAT}`).expect(200);
    expect(directory.calls).toEqual([]);
  });

  it('answers 403 forbidden when the role lacks the capability, 200 when it has it', async () => {
    const forbidden = await http()
      .get('/api/v1/things/admin')
      .set('Authorization', `Bearer ${ADA_PAT}`)
      .expect(403);
    expect(forbidden.body.error.code).toBe(ErrorCode.Forbidden);
    expect(forbidden.body.error.detail).toEqual({});
    await http()
      .get('/api/v1/things/admin')
      .set('Authorization', `Bearer ${ROOT_PAT}`)
      .expect(200, { admin: true });
  });

  it('checks authentication before capability (401, not 403, without credentials)', async () => {
    await http().get('/api/v1/things/admin').expect(401);
  });

  it('applies class-level and handler-level capabilities together', async () => {
    await http().get('/api/v1/suites').set('Authorization', `Bearer ${ADA_PAT}`).expect(200);
    await http().get('/api/v1/suites/roles').set('Authorization', `Bearer ${ADA_PAT}`).expect(403);
    await http().get('/api/v1/suites/roles').set('Authorization', `Bearer ${ROOT_PAT}`).expect(200);
  });

  it('answers 403 not_a_member for a withdrawn member', async () => {
    const response = await http().get('/api/v1/things').set('Authorization', `Bearer ${MO_PAT}`).expect(403);
    expect(response.body.error.code).toBe(ErrorCode.NotAMember);
  });
});

describe('AuthModule', () => {
  it('acts as the dev user only when configured and no credential is presented', async () => {
    const { app } = await boot({ devBypass: { email: 'ada@example.test' } });
    try {
      const response = await request(app.getHttpServer()).get('/api/v1/things').expect(200);
      expect(response.body).toEqual({ user_id: 'ada', credential: CredentialKind.DevBypass });
      await request(app.getHttpServer())
        .get('/api/v1/things')
        .set('Authorization', `Bearer ${UNKNOWN_PAT}`)
        .expect(401);
    } finally {
      await app.close();
    }
  });

  it('refuses to start when the app provides no PrincipalDirectory', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [AuthModule.forRoot({})],
      controllers: [ThingsController],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await expect(app.init()).rejects.toThrow(/needs a PrincipalDirectory provider/);
    await app.close();
  });
});
