// Public surface of the auth library: other projects import only from here.
export * from './principal/principal-directory';
export * from './identity-provider/identity-provider-options';
export * from './identity-provider/invalid-token.error';
export * from './identity-provider/identity-provider-token-verifier';
export * from './credentials/presented-credential';
export * from './credentials/unauthenticated.error';
export * from './credentials/credential-resolver';
export * from './credentials/authenticate';
export * from './policy/workspace-capability';
export * from './policy/suite-access';
export * from './nest/auth-options';
export * from './nest/auth.decorators';
export * from './nest/request-principal';
export * from './nest/request-throttle';
export * from './nest/auth.guard';
export * from './nest/app-principal-directory';
export * from './nest/auth.module';
