import { expect } from 'chai';
import { inPlace, inPlaceParts } from '../../src/shared/i18n/inPlace';
import { Gazetteer } from '../../src/services/places/Gazetteer';

describe('a search named with its place, as each language writes it', () => {
  it('writes Thai without spaces between Thai words, and sets a word of another script apart', () => {
    expect(inPlace('th', 'คอนโดขาย', 'เชียงใหม่')).to.equal('คอนโดขายในเชียงใหม่');
    expect(inPlace('th', 'iPhone', 'กรุงเทพมหานคร')).to.equal('iPhone ในกรุงเทพมหานคร');
    expect(inPlace('th', 'คอนโด', 'Pizitou')).to.equal('คอนโดใน Pizitou');
  });

  it('gives a Swiss canton its article, and names every canton as one, never as its capital', () => {
    expect(inPlace('de', 'Immobilien', 'Kanton Genf')).to.equal('Immobilien im Kanton Genf');
    // The suggestions' words around a place say it alike.
    expect(inPlaceParts('de', 'Wohnung', 'Kanton Zürich').prefix).to.equal('Wohnung im');
    expect(inPlaceParts('de', 'Wohnung', 'Winterthur').prefix).to.equal('Wohnung in');
    expect(inPlaceParts('th', 'คอนโด', 'เชียงใหม่').prefix).to.equal('คอนโดใน');
    expect(inPlace('de', 'Immobilien', 'Zürich')).to.equal('Immobilien in Zürich');
    const g = Gazetteer.shared();
    const cantons = g.regions('ch').map((r) => r.name);
    for (const name of cantons) expect(name).to.match(/^Kanton \S/);
    expect(cantons).to.include.members(['Kanton Zürich', 'Kanton Bern', 'Kanton Waadt']);
    expect(g.resolve('ch', 'Zürich')?.place.kind).to.equal('city');
    expect(g.resolveRegion('ch', 'Zürich')?.place.name).to.equal('Kanton Zürich');
    expect(g.resolveRegion('ch', 'Vaud')?.place.name).to.equal('Kanton Waadt');
    expect(g.label(g.resolve('ch', 'Winterthur, Zürich')!.place)).to.equal('Winterthur, Kanton Zürich');
    // The data's doubles with a digit glued on are no places; names with a number are.
    expect(g.autocomplete('mx', 'zapopan').map((p) => p.name)).to.not.include('Zapopan2');
    expect(g.resolve('fr', 'Marseille 01')?.place.name).to.equal('Marseille 01');
  });
});
