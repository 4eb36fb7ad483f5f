import { MessagingNamespace } from './messaging-namespace';

describe('MessagingNamespace', () => {
  const ns = new MessagingNamespace('dqt_3fa9c1');

  it('prefixes subjects, streams, durables and the queue prefix', () => {
    expect(ns.subject('events.run.completed')).toBe('dqt_3fa9c1.events.run.completed');
    expect(ns.subject('events.>')).toBe('dqt_3fa9c1.events.>');
    expect(ns.streamName('EVENTS')).toBe('DQT_3FA9C1_EVENTS');
    expect(ns.durableName('alerting-run-completed')).toBe('dqt_3fa9c1_alerting-run-completed');
    expect(ns.queuePrefix).toBe('dqt_3fa9c1');
  });

  it('strips only its own prefix from a physical subject', () => {
    expect(ns.logicalSubject('dqt_3fa9c1.progress.run.1')).toBe('progress.run.1');
    expect(ns.logicalSubject('dq.progress.run.1')).toBe('dq.progress.run.1');
  });

  it.each(['', 'DQ', 'dq.x', 'dq x', 'dq*', 'dq>', '_dq', 'a'.repeat(41)])('refuses %p', (value) => {
    expect(() => new MessagingNamespace(value)).toThrow('Invalid messaging namespace');
  });

  it('mints distinct random namespaces that are valid', () => {
    const a = MessagingNamespace.random();
    const b = MessagingNamespace.random();
    expect(a.value).toMatch(/^dqt_[0-9a-f]{8}$/);
    expect(a.value).not.toBe(b.value);
  });
});
