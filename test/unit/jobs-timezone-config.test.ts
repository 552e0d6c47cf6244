import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../lib/config.ts';

describe('JOBS_TIMEZONE (unit): the time zone of the jobs’ schedules', () => {
  it('defaults to Africa/Douala, and ALERTS_TIMEZONE follows it unless set', () => {
    expect(loadConfig({})).to.include({ jobsTimezone: 'Africa/Douala', alertsTimezone: 'Africa/Douala' });
    expect(loadConfig({ JOBS_TIMEZONE: 'Europe/Paris' })).to.include({
      jobsTimezone: 'Europe/Paris',
      alertsTimezone: 'Europe/Paris',
    });
    expect(loadConfig({ JOBS_TIMEZONE: 'UTC', ALERTS_TIMEZONE: 'Africa/Lagos' })).to.include({
      jobsTimezone: 'UTC',
      alertsTimezone: 'Africa/Lagos',
    });
  });

  it('a name that is not a time zone stops the process with a message naming the variable', () => {
    expect(() => loadConfig({ JOBS_TIMEZONE: 'Douala' })).to.throw(ConfigError, /JOBS_TIMEZONE/);
    expect(() => loadConfig({ ALERTS_TIMEZONE: 'Mars/Olympus' })).to.throw(ConfigError, /ALERTS_TIMEZONE/);
  });
});
