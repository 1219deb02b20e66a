// Moved to providers/japanese/numbers.ts (issue 25.3); kept so that code still importing it from here works.
export * from '../japanese/numbers';
