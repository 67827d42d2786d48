package dev.moqbed.transport.udp;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.DatagramPacket;

/**
 * The channel's one handler: hands every datagram to the endpoint (Netty releases its buffer
 * afterwards: the decoder copies what the connection keeps) and reports writability and errors.
 * Nothing a peer sends ends in an exception here: the endpoint counts and drops what it cannot use.
 */
final class InboundDatagrams extends SimpleChannelInboundHandler<DatagramPacket> {
  private final UdpEndpoint endpoint;

  InboundDatagrams(UdpEndpoint endpoint) {
    this.endpoint = endpoint;
  }

  @Override
  public void channelRegistered(ChannelHandlerContext ctx) throws Exception {
    DatagramChannels.batchedReceive(ctx.channel().config()); // before the first read
    endpoint.attach(ctx.channel());
    super.channelRegistered(ctx);
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, DatagramPacket packet) {
    endpoint.onDatagram(packet.content(), packet.sender());
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    if (ctx.channel().isWritable()) {
      endpoint.onWritable();
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    endpoint.onSocketError(cause);
  }
}
