/// Every catalog key the level code (rules, board view, loader) can produce,
/// so a test can check each one exists in both languages.
public enum LevelPhrases {
    /// What a syntax error can say was expected (`level.syntax.expected.X`
    /// with line, column and the token found; `level.syntax.missing.X` with
    /// line and column when the program ended first).
    public static let expectations = ["semicolon", "open_paren", "close_paren", "open_brace", "close_brace",
                                      "statement", "expression", "name", "equals", "command", "tile", "dot"]
    public static let syntax = ["unclosed_comment", "number_too_big", "bad_character", "unknown_command",
                                "sensor_statement", "reserved_name", "else_without_if", "for_form", "action_not_value",
                                "too_deep", "unknown_name", "already_declared", "needs_condition", "needs_number",
                                "cannot_compare", "source_too_big", "too_many_tokens", "too_many_statements",
                                "expression_too_big", "call_takes_nothing"]
    public static let program = ["command_locked", "spelling_not_allowed.c", "spelling_not_allowed.java", "too_many_statements"]
    public static let step = ["bump.wall", "bump.iron", "bump.door", "bump.enemy", "water", "hit_air", "broke_iron",
                              "defeated_enemy", "picked_key", "nothing_to_pick", "opened_door", "door_locked",
                              "nothing_to_use", "enemy_strike", "set", "condition_true", "condition_false",
                              "repeat_round", "repeat_none", "division_by_zero"]
    public static let end = ["solved", "no_health", "program_ended", "too_many_steps", "division_by_zero", "time_up", "too_slow", "challenge_stopped"]
    public static let legend = ["wall", "floor", "water", "goal", "door", "iron", "key", "enemy", "ada", "maybe"]
    public static let reader = ["ada.north", "ada.east", "ada.south", "ada.west", "on_goal", "on_key", "health", "size",
                                "enemy", "iron", "key", "goal", "door", "water", "maybe"]
        + Sight.allCases.map { "ahead.\($0.word)" }
    /// Problems the loader reports about level files (`content.level.X`).
    public static let content = ["unreadable", "bad_json", "missing_field", "wrong_type", "id_mismatch", "duplicate_id",
                                 "board_empty", "board_not_rectangular", "unknown_tile", "ada_off_board", "ada_in_wall",
                                 "ada_facing", "health", "position_off_board", "position_in_wall", "position_taken",
                                 "unknown_item", "item_place", "random_empty", "random_bad_pair", "unknown_goal",
                                 "no_goal", "goal_without_tile", "goal_without_items", "unknown_command",
                                 "unknown_language", "no_language", "par_over_max", "bad_number", "text_empty",
                                 "note_missing", "xp_order", "xp_unreachable", "world_unknown_level",
                                 "world_duplicate_level", "worlds_missing", "world_empty",
                                 "board_and_boards", "board_variant_size", "legacy_field",
                                 "goal_unreachable", "goal_unreachable_layout", "not_on_map"]

    /// Debugging help that names the mistake, Java `for`, procedures and
    /// unmet goals (issue 14).
    public static let help = ["level.syntax.missing_semicolon", "level.syntax.unknown_command_capitals",
                              "level.syntax.unknown_command_near", "level.syntax.tile_lowercase",
                              "level.syntax.assign_in_condition", "level.syntax.wrong_object",
                              "level.syntax.counter_reused", "level.syntax.counter_assigned",
                              "level.syntax.procedure_parameters", "level.syntax.procedure_inside",
                              "level.syntax.procedure_twice", "level.syntax.procedure_not_ada",
                              "level.syntax.return_outside", "level.syntax.recursion",
                              "level.step.hit_wall", "level.step.enemy_strikes", "level.step.for_true",
                              "level.step.for_false", "level.step.call",
                              "level.unmet.reach_goal", "level.unmet.iron_one", "level.unmet.iron_many",
                              "level.unmet.keys_one", "level.unmet.keys_many",
                              "level.unmet.enemies_one", "level.unmet.enemies_many",
                              // Session 11: `repetir (10) {`, `loop (10) {` (ParserCallHelp).
                              "level.syntax.keyword_in_english", "level.syntax.keyword_unknown"]

    public static let allKeys: [String] =
        expectations.flatMap { ["level.syntax.expected.\($0)", "level.syntax.missing.\($0)"] }
        + syntax.map { "level.syntax.\($0)" }
        + program.map { "level.program.\($0)" }
        + step.map { "level.step.\($0)" }
        + end.map { "level.end.\($0)" }
        + legend.map { "level.legend.\($0)" }
        + reader.map { "level.reader.\($0)" }
        + content.map { "content.level.\($0)" }
        + help
}
