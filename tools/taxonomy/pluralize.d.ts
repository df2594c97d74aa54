// The parts of pluralize's API the taxonomy build uses (the package ships no types).
declare module 'pluralize' {
  const pluralize: {
    singular(word: string): string;
    isPlural(word: string): boolean;
    addIrregularRule(single: string, plural: string): void;
  };
  export default pluralize;
}
