/**
 * C4, Christian's Congestion Control Code (draft-huitema-ccwg-c4-spec), ported from picoquic's
 * {@code picoquic/c4.c}. {@link dev.moqbed.cc.c4.C4Controller} is the state machine; {@link
 * dev.moqbed.cc.c4.C4Variant} switches between the draft-04 code and the newer code with trimming
 * and draining; {@link dev.moqbed.cc.c4.C4Provider} registers the id {@code c4}. docs/cc/c4.md
 * explains the states, constants, formulas and every place where the port follows the code rather
 * than the specification.
 */
package dev.moqbed.cc.c4;
