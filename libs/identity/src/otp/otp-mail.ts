export interface OtpMailContent {
  subject: string;
  text: string;
}

/** Says that a code was requested, the code and how long it lives. No links: nothing to phish with. */
export function otpMail(code: string, ttlMinutes: number): OtpMailContent {
  return {
    subject: 'Your sign-in code',
    text: [
      'A sign-in code was requested for this address.',
      '',
      `Your code: ${code}`,
      '',
      `It is valid for ${ttlMinutes} minutes and works once.`,
      'If you did not ask for it, ignore this message; nobody can sign in without the code.',
      '',
    ].join('\n'),
  };
}
