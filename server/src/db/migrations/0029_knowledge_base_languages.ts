/**
 * Knowledge-base articles in a language each (docs/OPERATIONS.md "Knowledge base"): a driver reads
 * the published articles of their page's language. The articles there were are English; the same
 * articles in Spanish are added, published, after them, written out as they read today (a
 * migration's data is frozen).
 */
import { sql, type Kysely } from 'kysely';

/** The seed articles (migration 0016) in Spanish, in their order. */
export const SPANISH_SEED_ARTICLES: ReadonlyArray<{ question: string; answer: string | string[] }> = [
  {
    question: '¿Cuánto cuesta BlockPilot?',
    answer: [
      'No hay suscripción: BlockPilot cobra una comisión del 3.5% del valor de cada bloque que acepta por ti, descontada de tu crédito.',
      'Ejemplo: un bloque que paga 80.00 cuesta una comisión de 2.80.',
      'Las cuentas nuevas empiezan con 10.00 de crédito gratis. Un bloque solo se acepta cuando tu crédito cubre su comisión.',
      'Durante una prueba gratuita o una membresía activa no se cobra ninguna comisión.',
    ],
  },
  {
    question: '¿Cómo añado crédito?',
    answer: [
      'Abre Cuenta y luego Crédito, elige un importe entre 10.00 y 50.00 y pulsa Recargar.',
      'Pagas en una página de pago segura; el crédito aparece en cuanto se confirma el pago, normalmente en segundos.',
    ],
  },
  {
    question: '¿Puedo renunciar a un bloque que no puedo trabajar y recuperar la comisión?',
    answer: [
      'Sí. Renuncia al bloque desde el registro de BlockPilot y la comisión se devuelve completa a tu crédito.',
      'Puedes renunciar mientras falten más de 45 minutos para que empiece el bloque, o en los 5 minutos siguientes a que BlockPilot lo acepte.',
      'Los bloques a los que renuncias directamente en la app de reparto no se reembolsan, porque BlockPilot no puede verlos.',
    ],
  },
  {
    question: '¿Cómo funcionan los filtros?',
    answer: [
      'Un bloque solo se acepta cuando cumple cada parte de un filtro activado:',
      '- Zonas de servicio: las estaciones desde las que estás dispuesto a conducir.',
      '- Días: el día de la semana en que empieza el bloque.',
      '- Hora: el bloque debe empezar dentro de esta franja (puede terminar después). Una franja cuyo inicio es posterior a su fin pasa la medianoche, por ejemplo de 10:00 p. m. a 2:00 a. m.',
      '- Pago: cada paso del control es de 3.00; por bloque o por hora. Un control en 100 significa sin límite superior.',
      '- Duración: la duración del bloque en horas, de 0 a 10.',
      '- Tiempo para llegar: el tiempo mínimo que necesitas para llegar, hasta 60 minutos.',
      '',
      'Los cambios se guardan solos medio segundo después de que dejas de editar. Nunca se aceptan bloques que se solapan con uno que ya está en tu horario.',
    ],
  },
  {
    question: '¿Cómo conecto mi cuenta de reparto?',
    answer: [
      'Abre Conectar cuenta y pulsa "Llévame a Amazon": la página de inicio de sesión de la plataforma de reparto se abre en una pestaña nueva.',
      'Inicia sesión allí con tu correo electrónico y tu contraseña, como siempre.',
      'Cuando llegues a la página "Looking for something?", copia su dirección de la barra de direcciones, pégala en BlockPilot y pulsa Listo.',
      'BlockPilot nunca ve tu contraseña. Si la plataforma te pide resolver un rompecabezas, la búsqueda se detiene: resuélvelo en la app de reparto y pulsa Iniciar de nuevo.',
    ],
  },
  {
    question: '¿Cómo me entero de que se aceptó un bloque?',
    answer: [
      'Abre Cuenta y luego Preferencias de notificación. Puedes recibir avisos por correo electrónico, por WhatsApp y por Telegram.',
      'Para Telegram: abre el bot de BlockPilot, envía /start y escribe el código que te da en el campo de Telegram.',
      'Deja un campo vacío para desactivar ese canal.',
    ],
  },
  {
    question: '¿Qué es la prueba gratuita?',
    answer:
      'Cada conductor puede empezar una prueba gratuita de 2 días desde la página Cuenta. Durante 2 días desde que la empiezas, no se cobra comisión por los bloques aceptados.',
  },
  {
    question: '¿Qué hacen las membresías?',
    answer: 'Una membresía es un periodo de pago durante el que BlockPilot no cobra comisión por los bloques aceptados. Comprar otra mientras está activa la alarga.',
  },
  {
    question: '¿Cómo funciona la recompensa por invitación?',
    answer:
      'Comparte tu código de invitación desde la página Cuenta. Cuando un conductor que se registró con él haya recargado 10.00 en total, recibes 10.00 de crédito, una vez por cada conductor invitado.',
  },
  {
    question: '¿Por qué BlockPilot no acepta ningún bloque?',
    answer: [
      'Comprueba que:',
      '- la búsqueda está iniciada (el botón dice Detener y el indicador dice Sistema iniciado);',
      '- tu filtro está activado y tiene al menos una zona de servicio elegida;',
      '- tu crédito cubre la comisión, o tienes una prueba o una membresía activa;',
      '- tu cuenta de reparto sigue conectada y no hay ningún rompecabezas esperando en la app de reparto.',
    ],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('knowledge_base_articles')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo(sql`'en'`))
    .execute();
  const { last } = await db
    .selectFrom('knowledge_base_articles' as never)
    .select(sql<number | null>`max(position)`.as('last'))
    .executeTakeFirstOrThrow();
  await db
    .insertInto('knowledge_base_articles' as never)
    .values(
      SPANISH_SEED_ARTICLES.map((article, index) => ({
        position: (last ?? 0) + index + 1,
        question: article.question,
        answer: typeof article.answer === 'string' ? article.answer : article.answer.join('\n'),
        published: true,
        language: 'es',
      })) as never,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db
    .deleteFrom('knowledge_base_articles' as never)
    .where(sql.ref('language'), '=', 'es')
    .execute();
  await db.schema.alterTable('knowledge_base_articles').dropColumn('language').execute();
}
