package dev.moqbed.cc;

import java.util.random.RandomGenerator;

/**
 * What a controller is given when it is created: the path it controls, the creation time and a
 * random generator seeded by the host (picoquic's BBR draws its probing schedule from one).
 */
public record ControllerEnvironment(PathView path, long nowMicros, RandomGenerator random) {}
