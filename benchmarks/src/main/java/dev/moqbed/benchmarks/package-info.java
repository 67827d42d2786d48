/**
 * JMH micro-benchmarks. Never part of the test run: build with {@code mvn -pl benchmarks -am
 * package -DskipTests} and run {@code java -jar benchmarks/target/benchmarks.jar}.
 */
package dev.moqbed.benchmarks;
