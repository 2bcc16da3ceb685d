// The parts every wgmma wrapper's inline asm spells the same way, written
// once: the predicate that makes the product accumulate into d
// (FUSELAB_WGMMA_ACCUMULATE, which opens the asm's { } scope), and the
// accumulator registers of an m64n64 (32 floats a thread) or m64n32 (16)
// product, as the PTX operand list and as the "+f" bindings of d[0..N-1].
// Macros, because asm text and constraints must be literals; the asm that
// uses them reads exactly as it did written out.
#pragma once

#define FUSELAB_WGMMA_ACCUMULATE "{\n.reg .pred accumulate;\nsetp.ne.b32 accumulate, 1, 0;\n"
#define FUSELAB_WGMMA_D32_REGS \
  "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, " \
  "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, "
#define FUSELAB_WGMMA_D32_BIND(d) \
  "+f"((d)[0]), "+f"((d)[1]), "+f"((d)[2]), "+f"((d)[3]), "+f"((d)[4]), "+f"((d)[5]), \
      "+f"((d)[6]), "+f"((d)[7]), "+f"((d)[8]), "+f"((d)[9]), "+f"((d)[10]), "+f"((d)[11]), \
      "+f"((d)[12]), "+f"((d)[13]), "+f"((d)[14]), "+f"((d)[15]), "+f"((d)[16]), "+f"((d)[17]), \
      "+f"((d)[18]), "+f"((d)[19]), "+f"((d)[20]), "+f"((d)[21]), "+f"((d)[22]), "+f"((d)[23]), \
      "+f"((d)[24]), "+f"((d)[25]), "+f"((d)[26]), "+f"((d)[27]), "+f"((d)[28]), "+f"((d)[29]), \
      "+f"((d)[30]), "+f"((d)[31])
#define FUSELAB_WGMMA_D16_REGS "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15}, "
#define FUSELAB_WGMMA_D16_BIND(d) \
  "+f"((d)[0]), "+f"((d)[1]), "+f"((d)[2]), "+f"((d)[3]), "+f"((d)[4]), "+f"((d)[5]), \
      "+f"((d)[6]), "+f"((d)[7]), "+f"((d)[8]), "+f"((d)[9]), "+f"((d)[10]), "+f"((d)[11]), \
      "+f"((d)[12]), "+f"((d)[13]), "+f"((d)[14]), "+f"((d)[15])
