import AulaGames

/// The tests' own seeded random inputs: the game rules' SplitMix64 generator
/// (`SeededRandom`), under a name every test target sees through this module
/// (store and network tests do not import AulaGames themselves).
public typealias TestRandom = SeededRandom
