// Public surface of the web host's library: sign-in at the identity provider for the browser app.
export * from './oidc/oidc-sign-in.config';
export * from './oidc/oidc-sign-in';
export * from './oidc/oidc-relying-party';
export * from './oidc/sealed-cookie';
export * from './web-sign-in';
