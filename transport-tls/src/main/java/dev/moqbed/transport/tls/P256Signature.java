package dev.moqbed.transport.tls;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;

/**
 * SHA256withECDSA by {@link BcP256}, for the server's CertificateVerify (RFC 8446 §4.4.3), handed
 * to agent15 in place of the JDK's {@code Signature}: it buffers what agent15 feeds it (a hundred
 * and some bytes) and signs once. Signing only, with the certificate's P-256 key.
 */
final class P256Signature extends Signature {
  private final ByteArrayOutputStream message = new ByteArrayOutputStream(160);
  private BigInteger scalar;

  P256Signature() {
    super("SHA256withECDSA");
  }

  @Override
  protected void engineInitSign(PrivateKey key) throws InvalidKeyException {
    if (!(key instanceof java.security.interfaces.ECPrivateKey)
        || !BcP256.isP256((java.security.interfaces.ECPrivateKey) key)) {
      throw new InvalidKeyException("not a P-256 key");
    }
    scalar = ((java.security.interfaces.ECPrivateKey) key).getS();
    message.reset();
  }

  @Override
  protected void engineInitVerify(PublicKey key) throws InvalidKeyException {
    throw new InvalidKeyException("this signature only signs");
  }

  @Override
  protected void engineUpdate(byte b) {
    message.write(b);
  }

  @Override
  protected void engineUpdate(byte[] bytes, int offset, int length) {
    message.write(bytes, offset, length);
  }

  @Override
  protected byte[] engineSign() throws SignatureException {
    if (scalar == null) {
      throw new SignatureException("not initialised for signing");
    }
    byte[] signed = BcP256.sign(scalar, message.toByteArray());
    message.reset();
    return signed;
  }

  @Override
  protected boolean engineVerify(byte[] signature) throws SignatureException {
    throw new SignatureException("this signature only signs");
  }

  @Override
  @Deprecated
  protected void engineSetParameter(String param, Object value) {
    throw new UnsupportedOperationException();
  }

  @Override
  @Deprecated
  protected Object engineGetParameter(String param) {
    throw new UnsupportedOperationException();
  }
}
