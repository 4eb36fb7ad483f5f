import {
  Alert,
  Anchor,
  Button,
  Center,
  Divider,
  Loader,
  Paper,
  PinInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { fieldErrorOf, messageOf } from '../api/api-error';
import { messageFor } from '../session/session-notice';
import { EMAIL_ONLY, providerSignInHref, useSignInModes } from '../session/sign-in-modes';
import { type SignInState, useMe, useSession } from '../app/session';

const CODE_LENGTH = 8;

/**
 * Sign-in as the deployment offers it: "Sign in with <provider>" (the web host runs the
 * identity-provider flow), the email one-time code (ask for a code, then redeem it into the
 * session cookie), or both.
 */
export function SignInPage(): ReactNode {
  const session = useSession();
  const me = useMe();
  const knownModes = useSignInModes();
  const modes = knownModes ?? EMAIL_ONLY;
  const navigate = useNavigate();
  const from = (useLocation().state as SignInState | null)?.from ?? '/';
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'email' | 'code'>('email');

  const request = useMutation({
    mutationFn: () => session.api.requestSignInCode(email.trim()),
    onSuccess: () => {
      setCode('');
      setStep('code');
    },
  });
  const verify = useMutation({
    mutationFn: () => session.api.verifySignInCode(email.trim(), code),
    onSuccess: (user) => {
      session.signedIn(user);
      void navigate(from.startsWith('/sign-in') ? '/' : from, { replace: true });
    },
  });

  if (me.data) return <Navigate to="/" replace />;
  const notice = messageFor(session.reason);
  const providerHref = providerSignInHref(modes, from);

  const submitEmail = (event: FormEvent): void => {
    event.preventDefault();
    request.mutate();
  };
  const submitCode = (event: FormEvent): void => {
    event.preventDefault();
    verify.mutate();
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <Stack>
          <Title order={1} size="h2">
            Sign in
          </Title>
          {notice && (
            <Alert
              color={session.reason === 'session-ended' ? 'yellow' : 'blue'}
              role="status"
              data-testid="sign-in-notice"
            >
              {notice}
            </Alert>
          )}
          {!knownModes ? (
            <Center py="md">
              <Loader size="sm" role="status" aria-label="Loading sign-in options" />
            </Center>
          ) : (
            <>
              {providerHref && modes.oidc && (
                <Button component="a" href={providerHref} size="md">
                  Sign in with {modes.oidc.provider_name}
                </Button>
              )}
              {providerHref && modes.email_otp && <Divider label="or" labelPosition="center" />}
              {modes.email_otp &&
                (step === 'email' ? (
                  <form onSubmit={submitEmail} noValidate>
                    <Stack>
                      <Text size="sm">We email you a one-time code; no password needed.</Text>
                      <TextInput
                        label="Email"
                        type="email"
                        autoComplete="email"
                        required
                        value={email}
                        onChange={(event) => setEmail(event.currentTarget.value)}
                        error={fieldErrorOf(request.error, 'email')}
                      />
                      {request.isError && (
                        <Alert color="red" role="alert">
                          {messageOf(request.error)}
                        </Alert>
                      )}
                      <Button type="submit" loading={request.isPending} disabled={!email.trim()}>
                        Email me a code
                      </Button>
                    </Stack>
                  </form>
                ) : (
                  <form onSubmit={submitCode} noValidate>
                    <Stack>
                      <Text size="sm">
                        If <strong>{email.trim()}</strong> may sign in, a code is on its way. Enter it below;
                        it is valid for ten minutes.
                      </Text>
                      <Stack gap={4}>
                        <Text component="label" htmlFor="sign-in-code" size="sm" fw={500}>
                          Code
                        </Text>
                        <PinInput
                          id="sign-in-code"
                          length={CODE_LENGTH}
                          type="number"
                          oneTimeCode
                          value={code}
                          onChange={setCode}
                          aria-label="Sign-in code"
                          error={verify.isError}
                        />
                      </Stack>
                      {verify.isError && (
                        <Alert color="red" role="alert">
                          {messageOf(verify.error)}
                        </Alert>
                      )}
                      <Button type="submit" loading={verify.isPending} disabled={code.length !== CODE_LENGTH}>
                        Sign in
                      </Button>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() => {
                          verify.reset();
                          setStep('email');
                        }}
                      >
                        Use another email or ask for a new code
                      </Anchor>
                    </Stack>
                  </form>
                ))}
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
