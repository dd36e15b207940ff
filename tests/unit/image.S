/* image.S — embeds the file IMAGE_PATH (a checked emulator image built by
 * tests/rules.mk) as IMAGE_SYM[] .. IMAGE_SYM_end. */
#define STR2(x) #x
#define STR(x) STR2(x)
#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
        .section .rodata
        .balign 64
        .globl IMAGE_SYM
IMAGE_SYM:
        .incbin STR(IMAGE_PATH)
        .globl CAT(IMAGE_SYM, _end)
CAT(IMAGE_SYM, _end):
        .section .note.GNU-stack,"",@progbits
