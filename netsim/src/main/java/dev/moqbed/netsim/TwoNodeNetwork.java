package dev.moqbed.netsim;

import dev.moqbed.runtime.Scheduler;
import dev.moqbed.runtime.TimerHandle;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.DatagramReceiver;

/**
 * picoquic_ns's topology: node 0 (server) and node 1 (client, hosting up to five connections),
 * joined by one bottleneck link per direction that every connection shares, whose parameters follow
 * a {@link LinkSchedule}.
 *
 * <p>Event order at one instant is the reference's ({@code picoquic_ns_step}): the schedule
 * transition first, then for link 0 (up) an AQM admission before an arrival, then link 1, and only
 * then the endpoints. The network keeps its events in its links (no queue of its own) and holds one
 * scheduler timer for the earliest. To give endpoints the reference order, schedule their timers on
 * {@link #endpointScheduler()}: a task there first runs every network event due at its time. A
 * {@link #send} also runs the due network events before taking the datagram.
 */
public final class TwoNodeNetwork {
  public static final int SERVER_NODE = 0;
  public static final int CLIENT_NODE = 1;

  /** The most connections picoquic_ns runs at once. */
  public static final int MAX_FLOWS = 5;

  private static final int NO_EVENT = 0;
  private static final int TRANSITION = 1;
  private static final int ADMISSION = 2;
  private static final int ARRIVAL = 3;

  private final Scheduler scheduler;
  private final LinkSchedule schedule;
  private final NetworkListener listener;
  private final int maxFlows;
  private final SimulatedLink[] links = new SimulatedLink[2];
  private final DatagramReceiver[] receivers = new DatagramReceiver[2];
  private final Runnable onWakeUp = this::wakeUp;
  private final int receiveBatch;
  private final Scheduler endpointScheduler = new EndpointScheduler();

  private int phaseIndex = -1;
  private int nextPhaseIndex;
  private long nextTransitionMicros;
  private TimerHandle wakeUp;
  private boolean dispatching;

  /** With a receive batch: the instant whose deliveries paused for the endpoints, or -1. */
  private long pausedAtMicros = -1;

  private long batchInstantMicros = -1;
  private final int[] deliveredInBatch = new int[2];

  /** Creates the links from phase 0 and schedules phase 0 to apply now. */
  public TwoNodeNetwork(Scheduler scheduler, NetworkConfig config) {
    this.scheduler = scheduler;
    this.schedule = config.schedule();
    this.listener = config.listener();
    this.maxFlows = config.maxFlows();
    this.receiveBatch = config.receiveBatch();
    long now = scheduler.nowMicros();
    LinkPhase phase0 = schedule.phase(0);
    for (LinkDirection direction : LinkDirection.values()) {
      links[direction.ordinal()] =
          new SimulatedLink(
              direction,
              phase0,
              now,
              config.jitterSeeds().seed(direction),
              maxFlows,
              config.aqmQuirks(),
              config.aqmRandom(direction),
              listener);
    }
    nextTransitionMicros = now;
    rearm();
  }

  /** Where datagrams for {@code node} go (its transport endpoint). */
  public void attach(int node, DatagramReceiver receiver) {
    checkNode(node);
    receivers[node] = receiver;
  }

  /**
   * Sends a datagram now on the link from its source node. Network events already due run first, as
   * in the reference (a sender's packet never jumps ahead of arrivals or AQM moves due now).
   */
  public void send(Datagram datagram) {
    checkNode(datagram.sourceNode());
    if (datagram.destinationNode() != 1 - datagram.sourceNode()) {
      throw new IllegalArgumentException(
          "a two-node network only carries datagrams to the other node: " + datagram);
    }
    if (datagram.flowId() < 0 || datagram.flowId() >= maxFlows) {
      throw new IllegalArgumentException(
          "flow id must be 0 to " + (maxFlows - 1) + ": " + datagram);
    }
    dispatchDueEvents();
    links[LinkDirection.fromSource(datagram.sourceNode()).ordinal()].submit(
        scheduler.nowMicros(), datagram);
    rearm();
  }

  /**
   * A scheduler for the endpoints: its tasks run after every network event due at their time
   * (picoquic_ns runs arrivals before "prepare" calls, so a sender sees all ACKs arriving at t
   * before sending at t). Costs one small wrapper object per scheduled task.
   */
  public Scheduler endpointScheduler() {
    return endpointScheduler;
  }

  public SimulatedLink link(LinkDirection direction) {
    return links[direction.ordinal()];
  }

  public TrafficStatistics statistics(LinkDirection direction) {
    return links[direction.ordinal()].statistics();
  }

  public TrafficStatistics flowStatistics(int flowId, LinkDirection direction) {
    return links[direction.ordinal()].flowStatistics(flowId);
  }

  /** The schedule phase in force, or -1 before phase 0 has been applied. */
  public int phaseIndex() {
    return phaseIndex;
  }

  /** When the next schedule transition happens, Long.MAX_VALUE if never. */
  public long nextTransitionMicros() {
    return nextTransitionMicros;
  }

  /**
   * Runs every network event due now, in the reference's order, then sets the timer for the next
   * one. Re-entrant calls (a receiver that sends) return at once: the outer loop goes on.
   */
  private void dispatchDueEvents() {
    if (dispatching) {
      return;
    }
    dispatching = true;
    try {
      long now = scheduler.nowMicros();
      while (runNextEvent(now)) {
        // each call runs one event; state is re-read for the next
      }
    } finally {
      dispatching = false;
    }
    rearm();
  }

  /** The network's own timer: a pause for the endpoints, if any, ends here. */
  private void wakeUp() {
    pausedAtMicros = -1;
    dispatchDueEvents();
  }

  private boolean runNextEvent(long nowMicros) {
    if (pausedAtMicros == nowMicros) {
      return false; // the endpoints run first; the timer set at the pause resumes
    }
    long earliest = Long.MAX_VALUE;
    int action = NO_EVENT;
    int linkIndex = -1;
    if (nextTransitionMicros < earliest) {
      earliest = nextTransitionMicros;
      action = TRANSITION;
    }
    // strict comparisons: at equal times the earlier candidate wins, as in picoquic_ns_step
    for (int i = 0; i < links.length; i++) {
      long admission = links[i].nextAdmissionMicros(nowMicros);
      if (admission < earliest) {
        earliest = admission;
        action = ADMISSION;
        linkIndex = i;
      }
      long arrival = links[i].nextArrivalMicros();
      if (arrival < earliest) {
        earliest = arrival;
        action = ARRIVAL;
        linkIndex = i;
      }
    }
    if (action == NO_EVENT || earliest > nowMicros) {
      return false;
    }
    switch (action) {
      case TRANSITION -> applyNextPhase(nowMicros);
      case ADMISSION -> links[linkIndex].admitPending(nowMicros);
      default -> deliver(linkIndex, nowMicros);
    }
    return true;
  }

  private void deliver(int linkIndex, long nowMicros) {
    SimulatedLink link = links[linkIndex];
    int node = link.direction().destinationNode();
    DatagramReceiver receiver = receivers[node];
    if (receiver == null) {
      throw new IllegalStateException("node " + node + " has no receiver attached");
    }
    link.deliverHead(nowMicros, receiver);
    if (receiveBatch > 0) {
      countTowardsBatch(node, nowMicros);
    }
  }

  /**
   * After {@code receiveBatch} arrivals at one node in one instant, pauses the network's events of
   * that instant: the endpoints' tasks already due run (an ACK the batch made due leaves), then the
   * network's timer, set for the same instant behind them, delivers the next batch.
   */
  private void countTowardsBatch(int node, long nowMicros) {
    if (batchInstantMicros != nowMicros) {
      batchInstantMicros = nowMicros;
      deliveredInBatch[0] = 0;
      deliveredInBatch[1] = 0;
    }
    if (++deliveredInBatch[node] < receiveBatch) {
      return;
    }
    deliveredInBatch[node] = 0;
    pausedAtMicros = nowMicros;
    if (wakeUp != null && wakeUp.isPending()) {
      wakeUp.cancel();
    }
    wakeUp = scheduler.scheduleAt(nowMicros, onWakeUp);
  }

  private void applyNextPhase(long nowMicros) {
    int index = nextPhaseIndex;
    LinkPhase phase = schedule.phase(index);
    for (SimulatedLink link : links) {
      link.applyPhase(nowMicros, phase);
    }
    phaseIndex = index;
    if (schedule.size() < 2) {
      nextTransitionMicros = Long.MAX_VALUE;
    } else {
      nextTransitionMicros = SimulatedLink.saturatedAdd(nowMicros, phase.durationMicros());
      nextPhaseIndex = (index + 1) % schedule.size();
    }
    listener.onPhaseChange(nowMicros, index, phase);
  }

  /** Keeps one timer at or before the earliest network event. */
  private void rearm() {
    long now = scheduler.nowMicros();
    long next = nextTransitionMicros;
    for (SimulatedLink link : links) {
      next = Math.min(next, link.nextAdmissionMicros(now));
      next = Math.min(next, link.nextArrivalMicros());
    }
    if (next == Long.MAX_VALUE) {
      return;
    }
    if (wakeUp != null && wakeUp.isPending()) {
      if (wakeUp.deadlineMicros() <= next) {
        return; // it fires first, finds nothing or something, and re-arms
      }
      wakeUp.cancel();
    }
    wakeUp = scheduler.scheduleAt(next, onWakeUp);
  }

  private static void checkNode(int node) {
    if (node != SERVER_NODE && node != CLIENT_NODE) {
      throw new IllegalArgumentException("node must be 0 (server) or 1 (client): " + node);
    }
  }

  /** Delegates to the network's scheduler, running due network events before each task. */
  private final class EndpointScheduler implements Scheduler {
    @Override
    public long nowMicros() {
      return scheduler.nowMicros();
    }

    @Override
    public TimerHandle scheduleAt(long deadlineMicros, Runnable task) {
      if (task == null) {
        throw new NullPointerException("task");
      }
      return scheduler.scheduleAt(deadlineMicros, new AfterNetworkEvents(task));
    }
  }

  /** An endpoint task that lets the network catch up first. */
  private final class AfterNetworkEvents implements Runnable {
    private final Runnable task;

    AfterNetworkEvents(Runnable task) {
      this.task = task;
    }

    @Override
    public void run() {
      // no clock read per task unless a receive batch paused the network
      if (pausedAtMicros < 0 || pausedAtMicros != scheduler.nowMicros()) {
        dispatchDueEvents();
      }
      task.run();
    }
  }
}
