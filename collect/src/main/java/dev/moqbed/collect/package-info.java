/**
 * Results gathered across hosts: subscribers and relays stream their records (the schema in {@code
 * src/main/proto/moqbed/collect/v1/records.proto}, generated into {@code dev.moqbed.collect.v1})
 * over TCP to {@link dev.moqbed.collect.CollectServer}, which writes the same {@code runs.csv} and
 * frames files as a local run. Senders ({@link dev.moqbed.collect.RecordSender}) never block the
 * role that feeds them: a bounded queue, drops counted. See docs/collect.md.
 */
package dev.moqbed.collect;
