package dev.tracelint.rules.config;

import static dev.tracelint.model.Severity.ERROR;

import dev.tracelint.rules.Declaration;

/** A mistake in tracelint.json: the config loader (config/ConfigLoader) reports it under this rule. */
public final class InvalidConfig {
    /** Its id, which the config loader reports its problems under. */
    public static final String ID = "invalid-config";

    public static final Declaration RULE = Declaration.reported(11, ID, ERROR)
            .finds("A mistake in `tracelint.json`: an unknown rule id, severity or setting, or malformed JSON")
            .phases("— (`tracelint.json`)");

    private InvalidConfig() {
    }
}
