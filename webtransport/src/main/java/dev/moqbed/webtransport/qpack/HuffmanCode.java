package dev.moqbed.webtransport.qpack;

import dev.moqbed.webtransport.http3.Http3ErrorCode;
import dev.moqbed.webtransport.http3.Http3Exception;
import java.io.ByteArrayOutputStream;

/**
 * The static Huffman code of HPACK (RFC 7541 Appendix B) that QPACK strings use when their H bit is
 * set. The code is canonical: within one bit length the codes count up in symbol order, and each
 * length starts where the previous one ended, shifted left. So the table is written here as its
 * symbols grouped by code length, and the codes are computed from that, which is shorter than 257
 * code words and cannot drift out of the canonical order by a typing error. Browsers compress
 * header strings with it; this project only decodes it (its encoder sends strings as they are).
 */
public final class HuffmanCode {
  /** The end-of-string symbol; it must never appear in decoded input (RFC 7541 §5.2). */
  static final int END_OF_STRING = 256;

  private static final int MAX_LENGTH = 30;

  /** For each code length from 5 to 30 bits, the symbols of that length in increasing order. */
  private static final int[][] SYMBOLS_BY_LENGTH = new int[MAX_LENGTH + 1][];

  static {
    SYMBOLS_BY_LENGTH[5] = chars("012aceiost");
    SYMBOLS_BY_LENGTH[6] = chars(" %-./3456789=A_bdfghlmnpru");
    SYMBOLS_BY_LENGTH[7] = chars(":BCDEFGHIJKLMNOPQRSTUVWYjkqvwxyz");
    SYMBOLS_BY_LENGTH[8] = chars("&*,;XZ");
    SYMBOLS_BY_LENGTH[10] = chars("!\"()?");
    SYMBOLS_BY_LENGTH[11] = chars("'+|");
    SYMBOLS_BY_LENGTH[12] = chars("#>");
    SYMBOLS_BY_LENGTH[13] = new int[] {0, '$', '@', '[', ']', '~'};
    SYMBOLS_BY_LENGTH[14] = chars("^}");
    SYMBOLS_BY_LENGTH[15] = chars("<`{");
    SYMBOLS_BY_LENGTH[19] = new int[] {'\\', 195, 208};
    SYMBOLS_BY_LENGTH[20] = new int[] {128, 130, 131, 162, 184, 194, 224, 226};
    SYMBOLS_BY_LENGTH[21] =
        new int[] {153, 161, 167, 172, 176, 177, 179, 209, 216, 217, 227, 229, 230};
    SYMBOLS_BY_LENGTH[22] =
        new int[] {
          129, 132, 133, 134, 136, 146, 154, 156, 160, 163, 164, 169, 170, 173, 178, 181, 185, 186,
          187, 189, 190, 196, 198, 228, 232, 233
        };
    SYMBOLS_BY_LENGTH[23] =
        new int[] {
          1, 135, 137, 138, 139, 140, 141, 143, 147, 149, 150, 151, 152, 155, 157, 158, 165, 166,
          168, 174, 175, 180, 182, 183, 188, 191, 197, 231, 239
        };
    SYMBOLS_BY_LENGTH[24] = new int[] {9, 142, 144, 145, 148, 159, 171, 206, 215, 225, 236, 237};
    SYMBOLS_BY_LENGTH[25] = new int[] {199, 207, 234, 235};
    SYMBOLS_BY_LENGTH[26] =
        new int[] {192, 193, 200, 201, 202, 205, 210, 213, 218, 219, 238, 240, 242, 243, 255};
    SYMBOLS_BY_LENGTH[27] =
        new int[] {
          203, 204, 211, 212, 214, 221, 222, 223, 241, 244, 245, 246, 247, 248, 250, 251, 252, 253,
          254
        };
    SYMBOLS_BY_LENGTH[28] =
        new int[] {
          2, 3, 4, 5, 6, 7, 8, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 23, 24, 25, 26, 27, 28, 29,
          30, 31, 127, 220, 249
        };
    SYMBOLS_BY_LENGTH[30] = new int[] {10, 13, 22, END_OF_STRING};
  }

  /** Code word of each symbol, right-aligned. */
  private static final int[] CODES = new int[END_OF_STRING + 1];

  /** Code length in bits of each symbol. */
  private static final int[] LENGTHS = new int[END_OF_STRING + 1];

  /** For each length, the first code word of that length (canonical decoding). */
  private static final long[] FIRST_CODE = new long[MAX_LENGTH + 2];

  static {
    long code = 0;
    for (int length = 1; length <= MAX_LENGTH; length++) {
      FIRST_CODE[length] = code;
      int[] symbols = SYMBOLS_BY_LENGTH[length];
      if (symbols != null) {
        for (int symbol : symbols) {
          CODES[symbol] = (int) code;
          LENGTHS[symbol] = length;
          code++;
        }
      }
      code <<= 1;
    }
  }

  private HuffmanCode() {}

  /**
   * Decodes a Huffman-coded string, one character per decoded byte.
   *
   * @param maxLength the most characters the caller accepts; longer output is refused before it is
   *     built further
   * @throws Http3Exception QPACK_DECOMPRESSION_FAILED for an end-of-string symbol in the data,
   *     padding longer than 7 bits or padding that is not the end-of-string code's leading ones;
   *     H3_EXCESSIVE_LOAD when the output would exceed {@code maxLength}
   */
  public static String decode(byte[] source, int offset, int length, long maxLength) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(length + length / 2);
    long code = 0;
    int codeLength = 0;
    for (int i = offset; i < offset + length; i++) {
      for (int bit = 7; bit >= 0; bit--) {
        code = (code << 1) | ((source[i] >>> bit) & 1);
        codeLength++;
        int symbol = symbolOf(code, codeLength);
        if (symbol == END_OF_STRING) {
          throw new Http3Exception(
              Http3ErrorCode.QPACK_DECOMPRESSION_FAILED, "end-of-string symbol in a string");
        }
        if (symbol >= 0) {
          if (out.size() >= maxLength) {
            throw new Http3Exception(
                Http3ErrorCode.H3_EXCESSIVE_LOAD, "decoded string longer than " + maxLength);
          }
          out.write(symbol);
          code = 0;
          codeLength = 0;
        } else if (codeLength == MAX_LENGTH) {
          // Every 30-bit pattern is a code word or the prefix of none: this cannot happen with a
          // complete code, and would mean a corrupt table.
          throw new IllegalStateException("no Huffman code word of up to 30 bits");
        }
      }
    }
    checkPadding(code, codeLength);
    return out.toString(java.nio.charset.StandardCharsets.ISO_8859_1);
  }

  /** The symbol whose code word is the last {@code codeLength} bits of {@code code}, or -1. */
  private static int symbolOf(long code, int codeLength) {
    int[] symbols = SYMBOLS_BY_LENGTH[codeLength];
    if (symbols == null) {
      return -1;
    }
    long offset = code - FIRST_CODE[codeLength];
    return offset >= 0 && offset < symbols.length ? symbols[(int) offset] : -1;
  }

  /** RFC 7541 §5.2: at most 7 bits of padding, all ones (the end-of-string code's prefix). */
  private static void checkPadding(long code, int codeLength) {
    if (codeLength > 7) {
      throw new Http3Exception(
          Http3ErrorCode.QPACK_DECOMPRESSION_FAILED, codeLength + " bits of Huffman padding");
    }
    long allOnes = (1L << codeLength) - 1;
    if (code != allOnes) {
      throw new Http3Exception(
          Http3ErrorCode.QPACK_DECOMPRESSION_FAILED, "Huffman padding is not all ones");
    }
  }

  /** The code word of {@code symbol}, right-aligned in an int (for tests and encoders). */
  static int codeOf(int symbol) {
    return CODES[symbol];
  }

  /** The length in bits of {@code symbol}'s code word. */
  static int lengthOf(int symbol) {
    return LENGTHS[symbol];
  }

  private static int[] chars(String symbols) {
    return symbols.chars().toArray();
  }
}
