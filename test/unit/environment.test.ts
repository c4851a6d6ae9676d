import path from 'node:path';
import { expect } from 'chai';
import { ConfigurationError, readEnvironment } from '../../src/server/environment';

describe('environment', () => {
  it('defaults to port 3000, var/ and the uk site, with all three roles', () => {
    const env = readEnvironment({});
    expect(env.PORT).to.equal(3000);
    expect(env.dataDir).to.equal(path.resolve('var'));
    expect(env.DEFAULT_COUNTRY).to.equal('uk');
    expect([...env.roles]).to.have.members(['web', 'api', 'worker']);
  });

  it('reads DATA_DIR, PORT and DEFAULT_COUNTRY', () => {
    const env = readEnvironment({ DATA_DIR: '/tmp/x', PORT: '8080', DEFAULT_COUNTRY: 'ES' });
    expect(env).to.include({ dataDir: '/tmp/x', PORT: 8080, DEFAULT_COUNTRY: 'es' });
  });

  it('refuses bad values with a message naming the setting', () => {
    expect(() => readEnvironment({ PORT: 'eighty' })).to.throw(ConfigurationError, 'PORT');
    expect(() => readEnvironment({ DEFAULT_COUNTRY: 'zz' })).to.throw(ConfigurationError, 'DEFAULT_COUNTRY');
    expect(() => readEnvironment({ ROLES: 'web,chef' })).to.throw(ConfigurationError, 'chef');
  });
});
